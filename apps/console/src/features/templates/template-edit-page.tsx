import { LockOutlined, PictureOutlined, UnlockOutlined } from '@ant-design/icons';
import { accountApi } from '@sello/contracts/catalogue/account';
import { configurationApi } from '@sello/contracts/catalogue/configuration';
import {
  findTemplateProblems,
  TEMPLATE_IMAGE_MAX_BYTES,
  type TTemplateDetail,
  templatesApi,
} from '@sello/contracts/catalogue/templates';
import { LANGUAGES, type Language } from '@sello/contracts/constants';
import { TEMPLATE_KINDS, type TemplateContentType } from '@sello/contracts/enums';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import { PATHS } from '@sello/contracts/routes';
import {
  SAMPLE_TEMPLATE_VALUES,
  TEMPLATE_VARIABLE_PATTERN,
  TEMPLATE_VARIABLES,
} from '@sello/contracts/template-variables';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Spin, Switch, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../alerts/alert-store.ts';
import { callEndpoint, notifyFailure } from '../../api/http-client.ts';
import { clearErrorsOnChange, reportInvalidFields, showServerErrors } from '../../components/form/form-errors.ts';
import { useFormDraft } from '../../components/form/use-form-draft.tsx';
import { LANGUAGE_LABEL_KEYS } from '../../i18n/language-labels.ts';
import { useSession } from '../../session/use-session.ts';
import { SmsCounter } from './sms-counter.tsx';
import { templateEditPath } from './template-paths.ts';
import { useTemplateLock, useTemplatePreview } from './use-template-editor.ts';

type TValues = {
  name: string;
  companyId: number | null;
  kind: TTemplateDetail['kind'];
  language: Language;
  active: boolean;
  subject?: string;
  content: string;
};

const FIELDS = ['name', 'companyId', 'kind', 'language', 'active', 'subject', 'content'];
const DOMAIN_WIDE = 0;

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * `/templates/create[?contentType=SMS]` and `/templates/edit/{id}`: the editor with its variables, the
 * live preview in a sandboxed frame (HTML) or the live character and segment count (SMS), image
 * upload, and the edit lock (who holds it; an administrator may release it).
 */
export default function TemplateEditPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const [search] = useSearchParams();
  const id = idParam ? Number(idParam) : undefined;
  const { roleKeys } = useSession();
  const administrator = roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key));
  const [form] = Form.useForm<TValues>();
  const draft = useFormDraft(form);
  const content = (Form.useWatch('content', form) as string | undefined) ?? '';
  const subject = Form.useWatch('subject', form) as string | undefined;
  const contentRef = useRef<TextAreaRef>(null);
  const [saving, setSaving] = useState(false);
  const { detail, loading, failed, takeOver, saved } = useTemplateLock(id);
  const contentType: TemplateContentType =
    detail?.contentType ?? (search.get('contentType') === 'SMS' ? 'SMS' : 'HTML');
  const sms = contentType === 'SMS';
  const lockedByOther = detail?.locked === true && !detail.lockedByMe;

  const companies = useQuery({
    queryKey: ['templates', 'companies'],
    queryFn: () => callEndpoint(accountApi.userCompaniesList),
  });
  const smsMax = useQuery({
    queryKey: ['preference', 'smsMax'],
    queryFn: () => callEndpoint(configurationApi.getPreferenceSmsMaxCharacters),
    enabled: sms,
  });
  const problems = findTemplateProblems({ contentType, subject: subject ?? null, content });
  const preview = useTemplatePreview(
    { contentType, subject: sms ? undefined : subject, content },
    problems.length === 0,
  );

  useEffect(() => {
    if (detail) {
      form.setFieldsValue({
        name: detail.name,
        companyId: detail.companyId ?? DOMAIN_WIDE,
        kind: detail.kind,
        language: detail.language,
        active: detail.active,
        subject: detail.subject ?? undefined,
        content: detail.content,
      });
    }
  }, [detail, form]);

  const insert = (text: string) => {
    const area = contentRef.current?.resizableTextArea?.textArea;
    const current = form.getFieldValue('content') ?? '';
    const at = area ? area.selectionStart : current.length;
    form.setFieldsValue({ content: `${current.slice(0, at)}${text}${current.slice(at)}` });
  };

  const uploadImage = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > TEMPLATE_IMAGE_MAX_BYTES) {
      notify.error('ERR_MAX_FILE_SIZE', { params: { max: TEMPLATE_IMAGE_MAX_BYTES } });
      return;
    }
    try {
      const { url } = await callEndpoint(templatesApi.uploadImage, {
        body: { name: file.name, content: await readDataUrl(file) },
      });
      insert(`<img src="${url}" alt="${file.name.replace(/["<>&]/g, '')}" />`);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const submit = async (values: TValues) => {
    const body = {
      ...values,
      companyId: values.companyId === DOMAIN_WIDE ? null : values.companyId,
      contentType,
      subject: sms ? undefined : values.subject || undefined,
    };
    setSaving(true);
    try {
      if (id === undefined) {
        const created = await callEndpoint(templatesApi.new, { body });
        void draft.discard();
        notify.success('TEMPLATE_SAVED');
        navigate(templateEditPath(created.id), { replace: true });
      } else {
        saved(await callEndpoint(templatesApi.update, { body: { ...body, id } }));
        void draft.discard();
        notify.success('TEMPLATE_SAVED');
      }
    } catch (error) {
      showServerErrors(error, form, t, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  if (id !== undefined && !detail) {
    return (
      <div className="page">
        {failed ? <Alert type="error" showIcon title={t('ERR_NOT_FOUND')} /> : <Spin spinning={loading} />}
      </div>
    );
  }

  const smsText = content.replace(TEMPLATE_VARIABLE_PATTERN, (whole, name: string) =>
    name in SAMPLE_TEMPLATE_VALUES ? SAMPLE_TEMPLATE_VALUES[name as keyof typeof SAMPLE_TEMPLATE_VALUES] : whole,
  );
  const maxCharacters = smsMax.data?.value ? Number(smsMax.data.value) : null;
  const problemOf = (field: 'subject' | 'content') => {
    const problem = problems.find((entry) => entry.field === field);
    return problem ? t(problem.key, problem.params) : undefined;
  };

  return (
    <div className="page template-edit-page" data-testid="template-edit-page">
      <Typography.Title level={2}>
        {t(id === undefined ? 'TEMPLATE_NEW_TITLE' : 'TEMPLATE_EDIT_TITLE')} ·{' '}
        {t(sms ? 'TEMPLATES_TAB_SMS' : 'TEMPLATES_TAB_HTML')}
      </Typography.Title>
      {lockedByOther && (
        <Alert
          type="warning"
          showIcon
          icon={<LockOutlined />}
          title={t('TEMPLATE_LOCKED_BY', { name: detail?.lockedBy })}
          action={
            administrator ? (
              <Button
                size="small"
                icon={<UnlockOutlined />}
                onClick={() => void takeOver().catch(notifyFailure)}
                data-testid="template-unlock"
              >
                {t('TEMPLATE_UNLOCK')}
              </Button>
            ) : undefined
          }
          data-testid="template-locked"
        />
      )}
      {detail?.lockedByMe && (
        <Typography.Paragraph type="secondary" data-testid="template-lock-mine">
          <LockOutlined /> {t('TEMPLATE_LOCK_MINE', { time: new Date(detail.lockedUntil!).toLocaleTimeString() })}
        </Typography.Paragraph>
      )}
      <Form<TValues>
        form={form}
        name="template"
        layout="vertical"
        disabled={lockedByOther}
        initialValues={{
          kind: 'COMMUNICATION',
          language: i18n.language as Language,
          active: true,
          companyId: administrator ? DOMAIN_WIDE : undefined,
          content: '',
        }}
        onValuesChange={clearErrorsOnChange(form)}
        onFinish={(values) => void submit(values)}
        onFinishFailed={(failure) => reportInvalidFields(form, failure, t)}
      >
        {draft.offer}
        <div className="template-editor">
          <Card className="page-card" title={t('TEMPLATE_DATA')}>
            <Form.Item
              name="name"
              label={t('TEMPLATE_NAME')}
              rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}
            >
              <Input maxLength={200} data-testid="template-name" />
            </Form.Item>
            <Form.Item
              name="companyId"
              label={t('TEMPLATE_OWNER')}
              rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}
            >
              <Select
                data-testid="template-company"
                options={[
                  ...(administrator ? [{ value: DOMAIN_WIDE, label: t('TEMPLATE_OWNER_DOMAIN') }] : []),
                  ...(companies.data ?? []).map((item) => ({ value: Number(item.value), label: item.text })),
                ]}
              />
            </Form.Item>
            <Space wrap>
              <Form.Item name="kind" label={t('TEMPLATE_KIND')}>
                <Select
                  style={{ minWidth: 240 }}
                  data-testid="template-kind"
                  options={TEMPLATE_KINDS.map((kind) => ({ value: kind, label: t(`TEMPLATE_KIND_${kind}`) }))}
                />
              </Form.Item>
              <Form.Item name="language" label={t('TEMPLATE_LANGUAGE')} extra={t('TEMPLATE_LANGUAGE_HINT')}>
                <Select
                  style={{ minWidth: 160 }}
                  data-testid="template-language"
                  options={LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABEL_KEYS[language]) }))}
                />
              </Form.Item>
              <Form.Item name="active" label={t('ADMIN_STATE')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            {!sms && (
              <Form.Item
                name="subject"
                label={t('TEMPLATE_SUBJECT')}
                validateStatus={problemOf('subject') ? 'error' : undefined}
                help={problemOf('subject')}
              >
                <Input maxLength={200} data-testid="template-subject" />
              </Form.Item>
            )}
            <div className="template-variables" data-testid="template-variables">
              <Typography.Text type="secondary">{t('TEMPLATE_VARIABLES')}</Typography.Text>
              <Space wrap size={4}>
                {TEMPLATE_VARIABLES.map((name) => (
                  <Button
                    key={name}
                    size="small"
                    onClick={() => insert(`{{${name}}}`)}
                    title={t(`TEMPLATE_VAR_${name}`)}
                    data-testid={`template-var-${name}`}
                  >
                    {`{{${name}}}`}
                  </Button>
                ))}
              </Space>
            </div>
            <Form.Item
              name="content"
              label={t(sms ? 'TEMPLATE_TEXT' : 'TEMPLATE_HTML')}
              rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}
              validateStatus={problemOf('content') ? 'error' : undefined}
              help={problemOf('content')}
            >
              <Input.TextArea ref={contentRef} autoSize={{ minRows: 8, maxRows: 24 }} data-testid="template-content" />
            </Form.Item>
            {!sms && (
              <label className="ant-btn ant-btn-default template-image-upload" data-testid="template-image-label">
                <PictureOutlined /> {t('TEMPLATE_IMAGE')}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/gif"
                  hidden
                  onChange={(event) => {
                    void uploadImage(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                  data-testid="template-image-input"
                />
              </label>
            )}
            {sms && (
              // The server's rendering once it has come (the dispatch's, with a link of the real length).
              <SmsCounter text={preview.data?.body ?? smsText} maxCharacters={maxCharacters} />
            )}
            <Space className="form-actions">
              <Button onClick={() => navigate(sms ? PATHS.templatesSms : PATHS.templates)}>{t('CANCEL')}</Button>
              <Button
                type="primary"
                htmlType="submit"
                loading={saving}
                disabled={lockedByOther || problems.length > 0}
                data-testid="template-save"
              >
                {t('SAVE')}
              </Button>
            </Space>
          </Card>
          <Card className="page-card" title={t('TEMPLATE_PREVIEW')} data-testid="template-preview-card">
            {preview.data?.subject && (
              <Typography.Paragraph strong data-testid="template-preview-subject">
                {preview.data.subject}
              </Typography.Paragraph>
            )}
            {sms ? (
              <pre className="template-sms-preview" data-testid="template-preview-sms">
                {preview.data?.body ?? ''}
              </pre>
            ) : (
              <iframe
                title={t('TEMPLATE_PREVIEW')}
                sandbox=""
                className="template-preview-frame"
                srcDoc={`<!doctype html><html><head><meta charset="utf-8"></head><body>${preview.data?.body ?? ''}</body></html>`}
                data-testid="template-preview-frame"
              />
            )}
          </Card>
        </div>
      </Form>
    </div>
  );
}
