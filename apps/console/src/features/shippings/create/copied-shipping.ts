import type { TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import { shippingsFilesApi } from '@sello/contracts/catalogue/shippings-files';
import type { Language } from '@sello/contracts/constants';
import type { DocumentCategory } from '@sello/contracts/enums';
import type { UploadFile } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { fetchEndpointFile } from '../../../api/http-client.ts';
import type { TSendFormValues } from './send-form.ts';

export function newReceiver(language: Language) {
  return { receiverType: 1, documentType: 'DNI', language };
}

/** The originals of a copied shipping, read back from the server so the copy sends the same files. */
export async function loadCopiedDocuments(shipping: TShippingDetail) {
  const originals = shipping.documents.filter((document) => document.kind === 'original');
  const files: UploadFile[] = [];
  const categories: Record<string, DocumentCategory> = {};
  for (const document of originals) {
    const blob = await fetchEndpointFile(shippingsFilesApi.readOriginalFile, {
      query: { requestId: shipping.requestId, fileRequest: document.fileRequest },
    });
    const uid = `copy-${document.fileRequest}`;
    // antd's RcFile is a File with a uid (its lastModifiedDate is read-only in browsers).
    const file = Object.assign(new File([blob], document.name, { type: document.mimeType }), { uid }) as RcFile;
    files.push({ uid, name: document.name, size: blob.size, type: document.mimeType, originFileObj: file });
    categories[uid] = document.category;
  }
  return { files, categories };
}

/** The form values of a copied shipping (its documents are loaded apart, by `loadCopiedDocuments`). */
export function copyValues(shipping: TShippingDetail, language: Language): TSendFormValues {
  return {
    companyId: shipping.companyId,
    typeId: shipping.typeId,
    channel: shipping.channel,
    reference: shipping.reference ?? undefined,
    subject: shipping.subject,
    message: shipping.body ?? undefined,
    templateId: shipping.templateId ?? undefined,
    receivers: shipping.receivers.map((receiver) => ({
      receiverType: receiver.receiverType,
      name: receiver.name,
      documentType: receiver.documentType ?? undefined,
      documentNumber: receiver.documentNumber ?? undefined,
      email: receiver.email ?? undefined,
      mobile: receiver.mobile ?? undefined,
      language: receiver.language ?? language,
      postal: receiver.postal
        ? Object.fromEntries(Object.entries(receiver.postal).map(([key, value]) => [key, value ?? undefined]))
        : undefined,
    })),
    customFields: Object.entries(shipping.customFields).map(([name, value]) => ({ name, value })),
    metaProperties: Object.entries(shipping.metaProperties).map(([name, value]) => ({ name, value })),
    multiSignerOrder: shipping.multiSignerOrder,
    pinSignatureText: shipping.pinSignatureText ?? undefined,
    font: shipping.font ?? undefined,
    custodyDays: shipping.custodyDays ?? undefined,
  };
}
