import { templatesApi } from '@sello/contracts/catalogue/templates';
import { type Language, LIMITS } from '@sello/contracts/constants';
import type { Channel, DocumentCategory } from '@sello/contracts/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Space, Typography, type UploadFile } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../alerts/alert-store.ts';
import { ApiCallError, callEndpoint, notifyFailure } from '../../../api/http-client.ts';
import { useOtherConfig } from '../../../api/use-other-config.ts';
import { reportInvalidFields, showFieldErrors, showServerErrors } from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { readAsDataUrl } from '../../../lib/read-as-data-url.ts';
import { shippingDetailPath } from '../shared/shipping-labels.tsx';
import { AuthorisationNotice } from './authorisation-notice.tsx';
import { copyValues, loadCopiedDocuments, newReceiver } from './copied-shipping.ts';
import { DocumentsCard } from './documents-card.tsx';
import { MessagePreviewCard } from './message-preview-card.tsx';
import { OptionsCard } from './options-card.tsx';
import { ReceiversCard } from './receivers-card.tsx';
import {
  defaultTemplateOf,
  findFormReceiversLanguage,
  serverFieldName,
  type TFormDocument,
  type TSendFormValues,
  templateContentTypeOf,
  toSendRequest,
  typeDefaults,
  validateSendRequest,
  valuesFromTemplate,
} from './send-form.ts';
import { sendShippingRequest } from './send-request.ts';
import { ShippingDataCard } from './shipping-data-card.tsx';
import { TypeSettingsCard } from './type-settings-card.tsx';
import { useCreateLookups } from './use-create-lookups.ts';

/** FILE_UPLOAD_MAX_SIZE (KB) until the shell's configuration has arrived; the server's default too. */
const DEFAULT_MAX_UPLOAD_KB = 5120;

/** `/shippings/create` and `/shippings/create/{id}` (a copy of an existing shipping). */
export default function ShippingCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const params = useParams();
  const copyId = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const [form] = Form.useForm<TSendFormValues>();
  const templateSubject = useRef<string | undefined>(undefined);
  /** The type's default the form put on (for the receivers' language), until the sender chooses another. */
  const typeTemplate = useRef<number | undefined>(undefined);
  const draft = useFormDraft(form);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [categories, setCategories] = useState<Record<string, DocumentCategory>>({});
  const [documentsError, setDocumentsError] = useState<string>();
  const maxSizeKb = useOtherConfig().data?.fileUploadMaxSizeKb ?? DEFAULT_MAX_UPLOAD_KB;
  const companyId = Form.useWatch('companyId', form);
  const typeId = Form.useWatch('typeId', form);
  const channel = Form.useWatch('channel', form) as Channel | undefined;
  const lang = i18n.language as Language;
  const templateId = Form.useWatch('templateId', form) as number | undefined;
  const authorizers = Form.useWatch('authorizers', form) as number[] | undefined;
  const receivers = Form.useWatch('receivers', form) as TSendFormValues['receivers'];
  const receiversLang = findFormReceiversLanguage({ receivers }, lang);

  const lookups = useCreateLookups({ companyId, typeId, channel, copyId, lang });
  const { companies, types, type, rule, copied, contentType } = lookups;

  useEffect(() => {
    if (copied.data) form.setFieldsValue(copyValues(copied.data, lang));
  }, [copied.data, form, lang]);

  useEffect(() => {
    if (!copied.data) return;
    let current = true;
    loadCopiedDocuments(copied.data).then((loaded) => {
      if (!current) return;
      setFiles(loaded.files);
      setCategories(loaded.categories);
    }, notifyFailure);
    return () => {
      current = false;
    };
  }, [copied.data]);

  // A service for several receivers (double acceptance) opens with as many rows as it needs.
  useEffect(() => {
    const receivers: unknown[] = form.getFieldValue('receivers') ?? [];
    if (rule && receivers.length < rule.minReceivers) {
      const missing = Array.from({ length: rule.minReceivers - receivers.length }, () => newReceiver(lang));
      form.setFieldValue('receivers', [...receivers, ...missing]);
    }
  }, [rule, form, lang]);

  // A service that sends no documents (certified SMS) must not carry the files chosen for another type.
  useEffect(() => {
    if (rule?.documents === 'none') setFiles([]);
  }, [rule?.documents]);

  /** Writes a template's subject on the form; the sender can still edit it. */
  const applyTemplate = async (id: number | undefined) => {
    if (id === undefined) return;
    try {
      const template = await client.fetchQuery({
        queryKey: ['templates', 'detail', id],
        queryFn: () => callEndpoint(templatesApi.detail, { query: { templateSelected: id } }),
        staleTime: 60_000,
      });
      if (form.getFieldValue('templateId') !== id) return;
      // The template's subject replaces an empty one or the one the previous template wrote, never the sender's.
      const subject = form.getFieldValue('subject');
      if (!subject?.trim() || subject === templateSubject.current) {
        const values = valuesFromTemplate(template);
        templateSubject.current = values.subject;
        form.setFieldsValue(values);
      }
    } catch (error) {
      notifyFailure(error);
    }
  };

  /**
   * Puts the type's default for the channel in the receivers' language on the form (none when it has none in
   * theirs). The subject the previous default wrote goes with it.
   */
  const putTypeTemplate = (id: number | undefined, extra: TSendFormValues = {}) => {
    typeTemplate.current = id;
    const subject = form.getFieldValue('subject');
    const stale = id === undefined && subject !== undefined && subject === templateSubject.current;
    form.setFieldsValue({ ...extra, templateId: id, ...(stale && { subject: undefined }) });
    if (stale) templateSubject.current = undefined;
    void applyTemplate(id);
  };

  // A single company is chosen for the user, in the same paint as the companies arrive (never a frame without it).
  useLayoutEffect(() => {
    const only = companies.data?.length === 1 ? companies.data[0] : undefined;
    if (only && form.getFieldValue('companyId') === undefined) form.setFieldValue('companyId', only.value);
  }, [companies.data, form]);

  // One Idempotency-Key per submitted request (send-request.ts): sending the same form again (a second click, a
  // retry after a lost answer, even after the logout a network failure causes) cannot make a second shipping.
  const send = useMutation({
    mutationFn: sendShippingRequest,
    onSuccess: ({ requestId }) => {
      void draft.discard();
      notify.success('SHIPPING_CREATED', { params: { id: requestId } });
      void client.invalidateQueries({ queryKey: ['shippings'] });
      navigate(shippingDetailPath(requestId));
    },
    onError: (error) => {
      const documentKey = error instanceof ApiCallError ? error.fields.documents : undefined;
      if (documentKey) setDocumentsError(t(documentKey, (error instanceof ApiCallError && error.body?.params) || {}));
      showServerErrors(error, form, t, (path) => {
        const name = serverFieldName(path);
        return name[0] === 'documents' ? null : name;
      });
    },
  });

  const submit = async () => {
    let values: TSendFormValues;
    try {
      values = await form.validateFields();
    } catch (failure) {
      reportInvalidFields(form, failure, t);
      return;
    }
    setDocumentsError(undefined);
    const documents: TFormDocument[] = [];
    for (const file of rule?.documents === 'none' ? [] : files) {
      if (!file.originFileObj) continue;
      documents.push({
        name: file.name,
        category: categories[file.uid] ?? 'UNSPECIFIED',
        content: await readAsDataUrl(file.originFileObj),
      });
    }
    const request = toSendRequest(values, documents);
    const checked = validateSendRequest(request);
    if (!checked.ok) {
      const documentIssue = checked.issues.find((issue) => issue.name[0] === 'documents');
      if (documentIssue) setDocumentsError(t(documentIssue.key, { max: LIMITS.fileNameLength }));
      showFieldErrors(
        form,
        checked.issues.filter((issue) => issue.name[0] !== 'documents'),
        t,
      );
      if (checked.issues.every((issue) => issue.name[0] === 'documents')) notify.error('ERR_FIELD_INVALID');
      return;
    }
    if (rule?.documents === 'required' && documents.length === 0) {
      setDocumentsError(t('ERR_FIELD_REQUIRED'));
      notify.error('ERR_FIELD_INVALID');
      return;
    }
    send.mutate(request);
  };

  return (
    <div className="shipping-create" data-testid="shipping-create">
      <Typography.Title level={2}>
        {copyId ? t('SHIPPING_COPY_TITLE', { id: copyId }) : t('MENU_NEW_SHIPPING')}
      </Typography.Title>
      <Form<TSendFormValues>
        form={form}
        name="shipping"
        layout="vertical"
        initialValues={{ receivers: [newReceiver(lang)], multiSignerOrder: 0 }}
        onValuesChange={(changed, all) => {
          if ('companyId' in changed) {
            form.setFieldsValue({ typeId: undefined, channel: undefined, templateId: undefined, authorizers: [] });
          }
          const language = findFormReceiversLanguage(all, lang);
          if ('typeId' in changed) {
            // The type's own template is the starting point; its channel is chosen again.
            const chosen = types.data?.find((entry) => entry.value === changed.typeId);
            putTypeTemplate(defaultTemplateOf(chosen, undefined, language), {
              channel: undefined,
              ...typeDefaults(chosen),
            });
          }
          if ('channel' in changed) {
            const wrongKind = all.templateId !== undefined && contentType !== templateContentTypeOf(changed.channel);
            if (all.templateId === undefined || wrongKind || all.templateId === typeTemplate.current) {
              // An HTML body is no SMS text: the type's template of the right kind takes its place.
              const id = defaultTemplateOf(type, changed.channel, language);
              putTypeTemplate(id, wrongKind && id === undefined ? { message: undefined } : {});
            }
          }
          if ('receivers' in changed && all.templateId === typeTemplate.current) {
            // Another language: the type's default in it, or none (never the other language's).
            const id = defaultTemplateOf(type, all.channel, language);
            if (id !== all.templateId) putTypeTemplate(id);
          }
          if ('templateId' in changed) void applyTemplate(changed.templateId);
        }}
        onFinish={() => void submit()}
      >
        {draft.offer}
        <ShippingDataCard
          lookups={lookups}
          companyId={companyId}
          channel={channel}
          templateId={templateId}
          lang={lang}
          receiversLang={receiversLang}
        />
        <AuthorisationNotice type={type} addedIds={authorizers ?? []} candidates={lookups.authorisers.data ?? []} />
        <ReceiversCard form={form} lookups={lookups} channel={channel} lang={lang} />
        <DocumentsCard
          rule={rule}
          files={files}
          setFiles={setFiles}
          categories={categories}
          setCategories={setCategories}
          documentsError={documentsError}
          setDocumentsError={setDocumentsError}
          maxSizeKb={maxSizeKb}
        />
        <TypeSettingsCard lookups={lookups} form={form} />
        <OptionsCard lookups={lookups} />
        <MessagePreviewCard form={form} />

        <Space>
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="create-submit">
            {t('SHIPPING_SEND')}
          </Button>
          <Button onClick={() => navigate(-1)} data-testid="create-cancel">
            {t('CANCEL')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
