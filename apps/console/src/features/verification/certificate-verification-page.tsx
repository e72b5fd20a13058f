import {
  CERTIFICATE_CHECK_MAX_BYTES,
  certificateCheckApi,
  type TCertificateCheck,
} from '@sello/contracts/catalogue/certificate-check';
import { Alert, Button, Input, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { readAsDataUrl } from '../../lib/read-as-data-url.ts';
import { CertificateCheckResult } from './certificate-check-result.tsx';

type TState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'failed'; key: string }
  | { kind: 'checked'; check: TCertificateCheck };

const failureKey = (failure: unknown) =>
  failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE';

/**
 * The public verification page (no sign-in): drop a certificate PDF, or type the code printed on it (the QR code
 * opens this page with the code), and see whether its seal and time-stamp verify and whether Sello issued it.
 */
export default function CertificateVerificationPage() {
  const { t } = useTranslation();
  const { code: codeInLink } = useParams();
  const [code, setCode] = useState(codeInLink ?? '');
  const [state, setState] = useState<TState>({ kind: 'idle' });

  const run = (call: () => Promise<TCertificateCheck>) => {
    setState({ kind: 'busy' });
    call().then(
      (check) => setState({ kind: 'checked', check }),
      (failure: unknown) => setState({ kind: 'failed', key: failureKey(failure) }),
    );
  };
  const checkCode = (value: string) =>
    run(() =>
      callEndpoint(certificateCheckApi.checkCode, { params: { code: value.trim() } }, { outcomeIgnored: true }),
    );
  const checkFile = async (file: File) => {
    if (file.size > CERTIFICATE_CHECK_MAX_BYTES) {
      setState({ kind: 'failed', key: 'ERR_MAX_FILE_SIZE' });
      return;
    }
    const content = await readAsDataUrl(file);
    run(() => callEndpoint(certificateCheckApi.checkFile, { body: { content } }, { outcomeIgnored: true }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the code of the link is checked when the link changes
  useEffect(() => {
    if (!codeInLink) return;
    setCode(codeInLink);
    checkCode(codeInLink);
  }, [codeInLink]);

  return (
    <div className="login-page">
      <section className="login-card verification-card" aria-labelledby="verification-title">
        <h1 id="verification-title" className="login-title">
          {t('VERIFY_TITLE')}
        </h1>
        <p className="login-subtitle">{t('VERIFY_INTRO')}</p>
        <Upload.Dragger
          accept="application/pdf,.pdf"
          showUploadList={false}
          multiple={false}
          beforeUpload={(file) => {
            void checkFile(file);
            return false;
          }}
          data-testid="verification-drop"
        >
          <p>{t('VERIFY_DROP')}</p>
        </Upload.Dragger>
        <form
          className="verification-code"
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim() !== '') checkCode(code);
          }}
        >
          <label htmlFor="verification-code-input">{t('VERIFY_CODE_LABEL')}</label>
          <Input
            id="verification-code-input"
            value={code}
            maxLength={40}
            placeholder="XXXX-XXXX-XXXX"
            onChange={(event) => setCode(event.target.value)}
            data-testid="verification-code"
          />
          <Button htmlType="submit" type="primary" loading={state.kind === 'busy'} data-testid="verification-check">
            {t('VERIFY_CHECK')}
          </Button>
        </form>
        {state.kind === 'failed' && (
          <Alert
            type="error"
            role="alert"
            data-testid="verification-error"
            data-key={state.key}
            title={t(state.key, { size: CERTIFICATE_CHECK_MAX_BYTES / 1024 })}
          />
        )}
        {state.kind === 'checked' && <CertificateCheckResult check={state.check} />}
      </section>
    </div>
  );
}
