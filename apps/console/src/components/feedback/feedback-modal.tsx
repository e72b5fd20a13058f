import { InboxOutlined } from '@ant-design/icons';
import { configurationShellApi } from '@sello/contracts/catalogue/configuration-shell';
import { FEEDBACK_LIMITS } from '@sello/contracts/constants';
import { ZFeedbackForm } from '@sello/contracts/feedback';
import { Button, Form, Input, Modal, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { callEndpoint } from '../../api/http-client.ts';
import { onCloseAllDialogs } from '../../lib/dialogs.ts';
import { addAttachment, readAsDataUrl } from './feedback-attachments.ts';
import { describeDevice, pickFeedbackIdentifier } from './feedback-identifier.ts';

export type TFeedbackContext = {
  currentUrl: string;
  requestCid?: string;
  guid?: string;
  userId?: number;
  userName?: string;
  userEmail?: string;
};

type TFields = { name: string; email: string; subject: string; msg: string };

// antd's Modal arrives with this module: from now on closing every dialog closes its imperative ones too.
onCloseAllDialogs(() => Modal.destroyAll());

/** The 'Contact' dialog of spec §2 with the rules of spec §5. Any outcome closes it with SEND_FEEDBACK_OK. */
export function FeedbackModal({
  open,
  onClose,
  context,
  maxSizeKb,
}: {
  open: boolean;
  onClose: () => void;
  context: TFeedbackContext;
  maxSizeKb: number;
}) {
  const { t } = useTranslation();
  // Spec §2: the e-mail is shown, prefilled, only when the user has one; without it the report goes by user id.
  const showEmail = Boolean(context.userEmail);
  const [fields, setFields] = useState<TFields>({ name: '', email: '', subject: '', msg: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof TFields, boolean>>>({});

  // Each opening starts a fresh form: prefilled name and e-mail, no files, no error shown yet.
  useEffect(() => {
    if (!open) return;
    setFields({ name: context.userName ?? '', email: context.userEmail ?? '', subject: '', msg: '' });
    setFiles([]);
    setTouched({});
  }, [open, context.userName, context.userEmail]);

  useEffect(() => onCloseAllDialogs(onClose), [onClose]);

  const errors = useMemo(() => {
    const parsed = ZFeedbackForm.safeParse(showEmail ? fields : { ...fields, email: undefined });
    const found: Partial<Record<keyof TFields, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof TFields] ??= issue.message;
    }
    return found;
  }, [fields, showEmail]);
  const valid = Object.keys(errors).length === 0;

  const identifier = pickFeedbackIdentifier(context.requestCid, context.guid);

  const update = (name: keyof TFields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setTouched((current) => ({ ...current, [name]: true }));
  };

  const fieldStatus = (name: keyof TFields) =>
    touched[name] && errors[name] ? { validateStatus: 'error' as const, help: t(errors[name] as string) } : {};

  const send = async () => {
    setSending(true);
    const first = files[0];
    try {
      await callEndpoint(
        configurationShellApi.sendFeedback,
        {
          body: {
            ...fields,
            email: showEmail ? fields.email : undefined,
            ...describeDevice(),
            idUser: context.userId,
            currentUrl: context.currentUrl,
            requestCid: context.requestCid,
            guid: context.guid,
            ...(first && { file: { name: first.name, type: first.type, content: await readAsDataUrl(first) } }),
          },
        },
        { outcomeIgnored: true },
      );
    } catch {
      // Spec §4: whatever the outcome, the user is told the report was sent.
    } finally {
      setSending(false);
      onClose();
      notify.success('SEND_FEEDBACK_OK');
    }
  };

  return (
    <Modal
      open={open}
      title={t('FEEDBACK_TITLE')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="feedback-cancel">
          {t('CANCEL')}
        </Button>,
        <Button
          key="send"
          type="primary"
          disabled={!valid || sending}
          loading={sending}
          onClick={send}
          data-testid="feedback-send"
        >
          {t('SEND')}
        </Button>,
      ]}
    >
      <Form layout="vertical" data-testid="feedback-form">
        {identifier && (
          <Form.Item label={t('FEEDBACK_IDENTIFIER')}>
            <Input value={identifier} readOnly data-testid="feedback-identifier" />
          </Form.Item>
        )}
        <Form.Item label={t('FEEDBACK_NAME')} required {...fieldStatus('name')}>
          <Input
            value={fields.name}
            onChange={update('name')}
            maxLength={FEEDBACK_LIMITS.name}
            data-testid="feedback-name"
          />
        </Form.Item>
        {showEmail && (
          <Form.Item label={t('FEEDBACK_EMAIL')} required {...fieldStatus('email')}>
            <Input
              value={fields.email}
              onChange={update('email')}
              maxLength={FEEDBACK_LIMITS.email}
              data-testid="feedback-email"
            />
          </Form.Item>
        )}
        <Form.Item label={t('FEEDBACK_SUBJECT')} required {...fieldStatus('subject')}>
          <Input
            value={fields.subject}
            onChange={update('subject')}
            maxLength={FEEDBACK_LIMITS.subject}
            data-testid="feedback-subject"
          />
        </Form.Item>
        <Form.Item
          label={t('FEEDBACK_MESSAGE')}
          required
          {...fieldStatus('msg')}
          extra={<span data-testid="feedback-counter">{`${fields.msg.length}/${FEEDBACK_LIMITS.message}`}</span>}
        >
          <Input.TextArea
            value={fields.msg}
            onChange={update('msg')}
            maxLength={FEEDBACK_LIMITS.message}
            rows={5}
            data-testid="feedback-message"
          />
        </Form.Item>
        <Form.Item label={t('FEEDBACK_ATTACHMENT')}>
          <Upload.Dragger
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              const result = addAttachment(files, file, maxSizeKb);
              if (result.rejection) notify.error(result.rejection.key, { params: result.rejection.params });
              setFiles(result.files);
              return Upload.LIST_IGNORE;
            }}
            data-testid="feedback-dropzone"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('FEEDBACK_DROP_HINT')}</p>
          </Upload.Dragger>
          {files.length > 0 && (
            <ul className="feedback-files" data-testid="feedback-files">
              {files.map((file) => (
                <li key={file.name}>
                  {file.name}{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setFiles(files.filter((other) => other !== file))}
                  >
                    {t('REMOVE')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
