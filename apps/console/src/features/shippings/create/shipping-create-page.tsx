import { DeleteOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { shippingsApi, type TShippingDetail } from '@sello/contracts/catalogue/shippings';
import { templatesApi } from '@sello/contracts/catalogue/templates';
import { LANGUAGES, type Language, LIMITS } from '@sello/contracts/constants';
import {
  type Channel,
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  FONTS,
  PIN_SIGNATURE_TEXT_VALUES,
  POSTAL_DOCUMENT_TYPES,
} from '@sello/contracts/enums';
import { SERVICE_RULES } from '@sello/contracts/shipping-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../alerts/alert-store.ts';
import { ApiCallError, callEndpoint, fetchEndpointFile, notifyFailure } from '../../../api/http-client.ts';
import { useOtherConfig } from '../../../api/use-other-config.ts';
import { LANGUAGE_LABEL_KEYS } from '../../../i18n/language-labels.ts';
import { readAsDataUrl } from '../../../lib/read-as-data-url.ts';
import { useShippingDetail, useShippingTypes, useUserCompanies } from '../shared/shipping-api.ts';
import { channelName, serviceName, shippingDetailPath } from '../shared/shipping-labels.tsx';
import {
  checkNewFile,
  defaultTemplateOf,
  documentsScroll,
  receiverDocumentError,
  serverFieldName,
  type TFormDocument,
  type TSendFormValues,
  templateContentTypeOf,
  toSendRequest,
  validateSendRequest,
  valuesFromTemplate,
} from './send-form.ts';

/** FILE_UPLOAD_MAX_SIZE (KB) until the shell's configuration has arrived; the server's default too. */
const DEFAULT_MAX_UPLOAD_KB = 5120;

function newReceiver(language: Language) {
  return { receiverType: 1, documentType: 'DNI', language };
}

/** The originals of a copied shipping, read back from the server so the copy sends the same files. */
async function loadCopiedDocuments(shipping: TShippingDetail) {
  const originals = shipping.documents.filter((document) => document.kind === 'original');
  const files: UploadFile[] = [];
  const categories: Record<string, DocumentCategory> = {};
  for (const document of originals) {
    const blob = await fetchEndpointFile(shippingsApi.readOriginalFile, {
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
function copyValues(shipping: TShippingDetail, language: Language): TSendFormValues {
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

/** `/shippings/create` and `/shippings/create/{id}` (a copy of an existing shipping). */
export default function ShippingCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const params = useParams();
  const copyId = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const [form] = Form.useForm<TSendFormValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [categories, setCategories] = useState<Record<string, DocumentCategory>>({});
  const [documentsError, setDocumentsError] = useState<string>();
  const maxSizeKb = useOtherConfig().data?.fileUploadMaxSizeKb ?? DEFAULT_MAX_UPLOAD_KB;
  const companyId = Form.useWatch('companyId', form);
  const typeId = Form.useWatch('typeId', form);
  const channel = Form.useWatch('channel', form) as Channel | undefined;
  const lang = i18n.language as Language;
  const templateId = Form.useWatch('templateId', form) as number | undefined;

  const companies = useUserCompanies();
  const types = useShippingTypes(companyId, { onlyActive: true, complete: true });
  const type = types.data?.find((entry) => entry.value === typeId);
  const rule = type ? SERVICE_RULES[type.serviceKind] : undefined;
  const copied = useShippingDetail(copyId);
  const contentType = templateContentTypeOf(channel);
  const templates = useQuery({
    queryKey: ['templates', 'reduced', companyId, contentType],
    queryFn: () =>
      callEndpoint(templatesApi.readListReduced, { query: { companySelected: companyId as number, contentType } }),
    enabled: companyId !== undefined,
  });
  const countries = useQuery({
    queryKey: ['config', 'countriesPostal', lang],
    queryFn: () => callEndpoint(configurationApi.countriesPostal, { query: { lang } }),
    enabled: channel === 'postal',
  });
  const streetTypes = useQuery({
    queryKey: ['config', 'streetType', lang],
    queryFn: () => callEndpoint(configurationApi.streetType, { query: { lang } }),
    enabled: channel === 'postal',
  });
  const numberTypes = useQuery({
    queryKey: ['config', 'streetNumType', lang],
    queryFn: () => callEndpoint(configurationApi.streetNumType, { query: { lang } }),
    enabled: channel === 'postal',
  });
  const authorisers = useQuery({
    queryKey: ['config', 'authUsers', companyId],
    queryFn: () => callEndpoint(configurationApi.authUsersBySelectedCompanies, { query: { ids: String(companyId) } }),
    enabled: companyId !== undefined,
  });

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

  /** Writes a template's subject and body on the form; the sender can still edit them. */
  const applyTemplate = async (id: number | undefined) => {
    if (id === undefined) return;
    try {
      const template = await client.fetchQuery({
        queryKey: ['templates', 'detail', id],
        queryFn: () => callEndpoint(templatesApi.detail, { query: { templateSelected: id } }),
        staleTime: 60_000,
      });
      if (form.getFieldValue('templateId') === id) form.setFieldsValue(valuesFromTemplate(template));
    } catch (error) {
      notifyFailure(error);
    }
  };

  // A single company is chosen for the user.
  useEffect(() => {
    const only = companies.data?.length === 1 ? companies.data[0] : undefined;
    if (only && form.getFieldValue('companyId') === undefined) form.setFieldValue('companyId', only.value);
  }, [companies.data, form]);

  const send = useMutation({
    mutationFn: (body: ReturnType<typeof toSendRequest>) => callEndpoint(shippingsApi.sendRequest, { body }),
    onSuccess: ({ requestId }) => {
      notify.success('SHIPPING_CREATED', { params: { id: requestId } });
      void client.invalidateQueries({ queryKey: ['shippings'] });
      navigate(shippingDetailPath(requestId));
    },
    onError: (error) => {
      if (error instanceof ApiCallError && Object.keys(error.fields).length > 0) {
        const params = error.body?.params ?? {};
        const entries = Object.entries(error.fields).map(([field, key]) => ({ name: serverFieldName(field), key }));
        const documentError = entries.find((entry) => entry.name[0] === 'documents');
        if (documentError) setDocumentsError(t(documentError.key, params));
        form.setFields(
          entries
            .filter((entry) => entry.name[0] !== 'documents')
            .map((entry) => ({ name: entry.name as never, errors: [t(entry.key, params)] })),
        );
        notify.error(error.key ?? 'ERR_FIELD_INVALID', { params });
        return;
      }
      notifyFailure(error);
    },
  });

  const submit = async () => {
    let values: TSendFormValues;
    try {
      values = await form.validateFields();
    } catch {
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
      form.setFields(
        checked.issues
          .filter((issue) => issue.name[0] !== 'documents')
          .map((issue) => ({ name: issue.name as never, errors: [t(issue.key)] })),
      );
      notify.error('ERR_FIELD_INVALID');
      return;
    }
    if (rule?.documents === 'required' && documents.length === 0) {
      setDocumentsError(t('ERR_FIELD_REQUIRED'));
      notify.error('ERR_FIELD_INVALID');
      return;
    }
    send.mutate(request);
  };

  const required = [{ required: true, message: t('ERR_FIELD_REQUIRED') }];
  const channels = type?.channels ?? [];
  const contactField = channel === 'sms' || channel === 'whatsapp' ? 'mobile' : channel === 'email' ? 'email' : null;

  return (
    <div className="shipping-create" data-testid="shipping-create">
      <Typography.Title level={2}>
        {copyId ? t('SHIPPING_COPY_TITLE', { id: copyId }) : t('MENU_NEW_SHIPPING')}
      </Typography.Title>
      <Form<TSendFormValues>
        form={form}
        layout="vertical"
        initialValues={{ receivers: [newReceiver(lang)], multiSignerOrder: 0 }}
        onValuesChange={(changed, all) => {
          if ('companyId' in changed) {
            form.setFieldsValue({ typeId: undefined, channel: undefined, templateId: undefined, authorizers: [] });
          }
          if ('typeId' in changed) {
            // The type's own template is the starting point; its channel is chosen again.
            const chosen = types.data?.find((entry) => entry.value === changed.typeId);
            const id = defaultTemplateOf(chosen, undefined);
            form.setFieldsValue({ channel: undefined, templateId: id });
            void applyTemplate(id);
          }
          if ('channel' in changed) {
            const wrongKind = all.templateId !== undefined && contentType !== templateContentTypeOf(changed.channel);
            if (all.templateId === undefined || wrongKind) {
              // An HTML body is no SMS text: the type's template of the right kind takes its place.
              const id = defaultTemplateOf(type, changed.channel);
              form.setFieldsValue({ templateId: id, ...(wrongKind && id === undefined && { message: undefined }) });
              void applyTemplate(id);
            }
          }
          if ('templateId' in changed) void applyTemplate(changed.templateId);
        }}
        onFinish={() => void submit()}
      >
        <Card title={t('SHIPPING_DATA')} size="small" className="shipping-detail-card">
          <Space wrap align="start">
            <Form.Item name="companyId" label={t('SHIPPING_COMPANY')} rules={required}>
              <Select
                className="shippings-filter-select"
                options={(companies.data ?? []).map((company) => ({ value: company.value, label: company.text }))}
                data-testid="create-company"
              />
            </Form.Item>
            <Form.Item name="typeId" label={t('SHIPPING_TYPE')} rules={required}>
              <Select
                className="shippings-filter-select"
                disabled={companyId === undefined}
                showSearch={{ optionFilterProp: 'label' }}
                options={(types.data ?? []).map((entry) => ({
                  value: entry.value,
                  label: `${entry.text} · ${serviceName(entry.serviceKind, lang)}`,
                }))}
                data-testid="create-type"
              />
            </Form.Item>
            <Form.Item name="channel" label={t('SHIPPING_CHANNEL')} rules={required}>
              <Select
                className="shippings-filter-select"
                disabled={!type}
                options={channels.map((value) => ({ value, label: channelName(value, lang) }))}
                data-testid="create-channel"
              />
            </Form.Item>
            <Form.Item name="reference" label={t('SHIPPING_REFERENCE')}>
              <Input maxLength={100} data-testid="create-reference" />
            </Form.Item>
          </Space>
          <Form.Item name="templateId" label={t('SHIPPING_TEMPLATE')} extra={t('SHIPPING_TEMPLATE_HINT')}>
            <Select
              allowClear
              className="shippings-filter-select"
              disabled={companyId === undefined}
              showSearch={{ optionFilterProp: 'label' }}
              loading={templates.isFetching}
              options={(templates.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
              data-testid="create-template"
            />
          </Form.Item>
          <Form.Item name="subject" label={t('SHIPPING_SUBJECT')} rules={required}>
            <Input maxLength={200} data-testid="create-subject" />
          </Form.Item>
          <Form.Item
            name="message"
            label={t('SHIPPING_BODY')}
            extra={
              templateId === undefined && defaultTemplateOf(type, channel) !== undefined
                ? t('SHIPPING_BODY_TEMPLATE_HINT')
                : undefined
            }
          >
            <Input.TextArea rows={4} maxLength={20_000} data-testid="create-message" />
          </Form.Item>
        </Card>

        <Card title={t('SHIPPING_RECEIVERS')} size="small" className="shipping-detail-card">
          <Form.List name="receivers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <div key={field.key} className="shipping-receiver" data-testid={`receiver-${field.name}`}>
                    <Space wrap align="start">
                      <Form.Item name={[field.name, 'receiverType']} label={t('RECEIVER_TYPE')}>
                        <Radio.Group
                          options={[
                            { value: 1, label: t('RECEIVER_INDIVIDUAL') },
                            { value: 2, label: t('RECEIVER_COMPANY') },
                          ]}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'name']} label={t('RECEIVER_NAME')} rules={required}>
                        <Input maxLength={200} data-testid={`receiver-name-${field.name}`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'documentType']} label={t('RECEIVER_DOCUMENT_TYPE')}>
                        <Select
                          allowClear
                          className="shipping-doc-type"
                          options={POSTAL_DOCUMENT_TYPES.map((value) => ({ value, label: value }))}
                          data-testid={`receiver-doctype-${field.name}`}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'documentNumber']}
                        label={t('RECEIVER_DOCUMENT')}
                        dependencies={[
                          ['receivers', field.name, 'documentType'],
                          ['receivers', field.name, 'receiverType'],
                        ]}
                        rules={[
                          {
                            validator: async () => {
                              const receiver = form.getFieldValue(['receivers', field.name]);
                              const key = receiver ? receiverDocumentError(receiver) : null;
                              if (key) throw new Error(t(key));
                            },
                          },
                        ]}
                      >
                        <Input maxLength={20} data-testid={`receiver-document-${field.name}`} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'email']}
                        label={t('RECEIVER_EMAIL')}
                        rules={[
                          ...(contactField === 'email' ? required : []),
                          { type: 'email', message: t('ERR_EMAIL_INVALID') },
                        ]}
                      >
                        <Input maxLength={200} data-testid={`receiver-email-${field.name}`} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'mobile']}
                        label={t('RECEIVER_MOBILE')}
                        rules={contactField === 'mobile' ? required : []}
                      >
                        <Input maxLength={25} data-testid={`receiver-mobile-${field.name}`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'language']} label={t('RECEIVER_LANGUAGE')}>
                        <Select
                          className="shipping-doc-type"
                          options={LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_LABEL_KEYS[value]) }))}
                          data-testid={`receiver-language-${field.name}`}
                        />
                      </Form.Item>
                      {fields.length > (rule?.minReceivers ?? 1) && (
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('DELETE')}
                          onClick={() => remove(field.name)}
                          data-testid={`receiver-remove-${field.name}`}
                        />
                      )}
                    </Space>
                    {channel === 'postal' && (
                      <Space wrap align="start" data-testid={`receiver-postal-${field.name}`}>
                        <Form.Item
                          name={[field.name, 'postal', 'country']}
                          label={t('POSTAL_COUNTRY')}
                          rules={required}
                        >
                          <Select
                            showSearch={{ optionFilterProp: 'label' }}
                            className="shippings-filter-select"
                            options={(countries.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
                            data-testid={`postal-country-${field.name}`}
                          />
                        </Form.Item>
                        <Form.Item name={[field.name, 'postal', 'streetType']} label={t('POSTAL_STREET_TYPE')}>
                          <Select
                            allowClear
                            showSearch={{ optionFilterProp: 'label' }}
                            className="shippings-filter-select"
                            options={(streetTypes.data ?? []).map((entry) => ({
                              value: entry.value,
                              label: entry.text,
                            }))}
                            data-testid={`postal-street-type-${field.name}`}
                          />
                        </Form.Item>
                        <Form.Item name={[field.name, 'postal', 'street']} label={t('POSTAL_STREET')} rules={required}>
                          <Input maxLength={200} data-testid={`postal-street-${field.name}`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'postal', 'streetNumType']} label={t('POSTAL_NUMBER_TYPE')}>
                          <Select
                            allowClear
                            className="shipping-doc-type"
                            options={(numberTypes.data ?? []).map((entry) => ({
                              value: entry.value,
                              label: entry.text,
                            }))}
                            data-testid={`postal-number-type-${field.name}`}
                          />
                        </Form.Item>
                        <Form.Item name={[field.name, 'postal', 'streetNumber']} label={t('POSTAL_NUMBER')}>
                          <Input maxLength={20} data-testid={`postal-number-${field.name}`} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'postal', 'postalCode']}
                          label={t('POSTAL_CODE')}
                          rules={required}
                        >
                          <Input maxLength={10} data-testid={`postal-code-${field.name}`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'postal', 'city']} label={t('POSTAL_CITY')} rules={required}>
                          <Input maxLength={100} data-testid={`postal-city-${field.name}`} />
                        </Form.Item>
                      </Space>
                    )}
                  </div>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= (rule?.maxReceivers ?? LIMITS.uploadFileLimit)}
                  onClick={() => add(newReceiver(lang))}
                  data-testid="receiver-add"
                >
                  {t('RECEIVER_ADD')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card title={t('SHIPPING_DOCUMENTS')} size="small" className="shipping-detail-card">
          {rule?.documents === 'none' ? (
            <Typography.Text type="secondary" data-testid="create-documents-none">
              {t('SHIPPING_DOCUMENTS_NONE')}
            </Typography.Text>
          ) : (
            <Form.Item
              required={rule?.documents === 'required'}
              validateStatus={documentsError ? 'error' : undefined}
              help={documentsError}
              extra={t('SHIPPING_DOCUMENTS_LIMITS', { size: maxSizeKb, length: LIMITS.fileNameLength })}
            >
              <Upload.Dragger
                multiple
                fileList={files}
                beforeUpload={(file) => {
                  const check = checkNewFile(
                    file,
                    files.map((entry) => entry.name),
                    maxSizeKb,
                  );
                  if (check.ok) return false;
                  if (!('ignore' in check)) notify.error(check.key, { params: check.params });
                  return Upload.LIST_IGNORE;
                }}
                onChange={({ fileList }) => {
                  setDocumentsError(undefined);
                  // Files dropped together are checked one by one against the list before the drop.
                  if (fileList.length > LIMITS.uploadFileLimit) notify.error('ERR_TOO_MANY_ITEMS');
                  setFiles(fileList.slice(0, LIMITS.uploadFileLimit));
                }}
                itemRender={(node, file, list) => (
                  <div className="shipping-file">
                    {node}
                    <Select
                      size="small"
                      className="shipping-file-category"
                      aria-label={t('DOCUMENT_CATEGORY')}
                      value={categories[file.uid] ?? 'UNSPECIFIED'}
                      onChange={(category) => setCategories((current) => ({ ...current, [file.uid]: category }))}
                      options={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`DOCUMENT_CATEGORY_${value}`) }))}
                      data-testid={`document-category-${list.indexOf(file)}`}
                    />
                  </div>
                )}
                className={documentsScroll(files.length) ? 'shipping-files-scroll' : undefined}
                data-testid="create-documents"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p>{t('SHIPPING_DOCUMENTS_DROP', { limit: LIMITS.uploadFileLimit })}</p>
              </Upload.Dragger>
            </Form.Item>
          )}
        </Card>

        <Card title={t('SHIPPING_OPTIONS')} size="small" className="shipping-detail-card">
          <Space wrap align="start">
            {rule?.signing && (
              <>
                <Form.Item name="multiSignerOrder" label={t('SHIPPING_SIGNER_ORDER')}>
                  <Radio.Group
                    options={[
                      { value: 0, label: t('SHIPPING_SIGNER_ORDER_NONE') },
                      { value: 1, label: t('SHIPPING_SIGNER_ORDER_ORDERED') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="pinSignatureText" label={t('SHIPPING_PIN_TEXT')}>
                  <Select
                    allowClear
                    className="shippings-filter-select"
                    options={PIN_SIGNATURE_TEXT_VALUES.map((value) => ({ value, label: t(`PIN_TEXT_${value}`) }))}
                    data-testid="create-pin-text"
                  />
                </Form.Item>
              </>
            )}
            <Form.Item name="font" label={t('SHIPPING_FONT')}>
              <Select
                allowClear
                className="shipping-doc-type"
                options={FONTS.map((value) => ({ value, label: value }))}
                data-testid="create-font"
              />
            </Form.Item>
            {type?.serviceKind === 'custody' && (
              <Form.Item name="custodyDays" label={t('SHIPPING_CUSTODY_DAYS')}>
                <InputNumber
                  min={1}
                  max={3650}
                  placeholder={String(type.custodyDays ?? '')}
                  data-testid="create-custody"
                />
              </Form.Item>
            )}
            <Form.Item name="authorizers" label={t('SHIPPING_AUTHORISERS')}>
              <Select
                mode="multiple"
                className="shipping-authorisers"
                options={(authorisers.data ?? []).map((user) => ({ value: user.value, label: user.text }))}
                data-testid="create-authorisers"
              />
            </Form.Item>
          </Space>
          <NamedValues name="customFields" limit={LIMITS.customFieldsLimit} title={t('SHIPPING_CUSTOM_FIELDS')} />
          <NamedValues name="metaProperties" limit={LIMITS.metaPropertiesLimit} title={t('SHIPPING_META_PROPERTIES')} />
        </Card>

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

/** Name–value pairs (custom fields, meta properties) up to a limit. */
function NamedValues({
  name,
  limit,
  title,
}: {
  name: 'customFields' | 'metaProperties';
  limit: number;
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={`${title} (≤ ${limit})`}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <div data-testid={`create-${name}`}>
            {fields.map((field) => (
              <Space key={field.key} align="start">
                <Form.Item name={[field.name, 'name']} rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}>
                  <Input placeholder={t('FIELD_NAME')} maxLength={64} data-testid={`${name}-name-${field.name}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']}>
                  <Input placeholder={t('FIELD_VALUE')} maxLength={1000} data-testid={`${name}-value-${field.name}`} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('DELETE')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= limit}
              onClick={() => add({})}
              data-testid={`${name}-add`}
            >
              {t('FIELD_ADD')}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
