import { draftsApi, type TDraft } from '@sello/contracts/catalogue/drafts';
import { Alert, Button, Form, type FormInstance, Space } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { callEndpoint } from '../../api/http-client.ts';
// 'LLL' below needs dayjs's localizedFormat plugin, which this module registers.
import '../../i18n/library-locales/dayjs-locale.ts';

/** Time after the last keystroke before the draft goes to the server. */
export const DRAFT_SAVE_DELAY_MS = 1500;

const SECRET_FIELD = /password|privatekey|secret/i;

/**
 * The values worth keeping: no secrets (passwords, keys), no files, no dates (antd pickers hold objects that do
 * not survive JSON), nothing empty.
 */
export function draftValuesOf(
  values: Record<string, unknown>,
  exclude: readonly string[] = [],
): Record<string, unknown> {
  const keep = (value: unknown): unknown => {
    if (value === undefined || value === null || value === '') return undefined;
    if (dayjs.isDayjs(value) || value instanceof Date || value instanceof Blob) return undefined;
    if (Array.isArray(value)) return value.map((item) => keep(item) ?? null);
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([name]) => !SECRET_FIELD.test(name))
        .map(([name, item]) => [name, keep(item)] as const)
        .filter(([, item]) => item !== undefined);
      return entries.length > 0 ? Object.fromEntries(entries) : undefined;
    }
    return value;
  };
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (exclude.includes(name) || SECRET_FIELD.test(name)) continue;
    const item = keep(value);
    if (item !== undefined) kept[name] = item;
  }
  return kept;
}

type TFormDraft = {
  /** The offer of a draft kept earlier (restore or discard), or nothing. */
  offer: ReactNode;
  /** Drops the draft: call it once the form is saved or sent. */
  discard: () => Promise<void>;
};

/**
 * Keeps what the user types on this form as a server-side draft of the user (named by the route), a moment after
 * each change, so a session that ends loses nothing; when the form opens with a draft kept, offers it back.
 * Nothing goes to local storage (spec §4 clears it at logout).
 */
export function useFormDraft(form: FormInstance, options: { exclude?: readonly string[] } = {}): TFormDraft {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [pending, setPending] = useState<TDraft | null>(null);
  // Until the kept draft is restored or discarded, typing does not overwrite it.
  const [decided, setDecided] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Draft writes go out one after another, so a save still on its way cannot land after the discard of a sent form.
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const write = useCallback(
    (values: Record<string, unknown> | null) => {
      writes.current = writes.current.then(() =>
        callEndpoint(draftsApi.saveDraft, { body: { form: pathname, values } }, { background: true }).catch(
          () => undefined,
        ),
      );
      return writes.current;
    },
    [pathname],
  );
  const excludeKey = (options.exclude ?? []).join(',');
  const values = Form.useWatch([], { form, preserve: true }) as Record<string, unknown> | undefined;

  useEffect(() => {
    let current = true;
    setPending(null);
    setDecided(false);
    callEndpoint(draftsApi.readDrafts, { query: { form: pathname } }, { background: true }).then(
      (drafts) => {
        if (!current) return;
        const draft = drafts[0];
        if (draft) setPending(draft);
        else setDecided(true);
      },
      () => current && setDecided(true),
    );
    return () => {
      current = false;
    };
  }, [pathname]);

  useEffect(() => {
    if (!decided || !values || !form.isFieldsTouched()) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const kept = draftValuesOf(form.getFieldsValue(true), excludeKey ? excludeKey.split(',') : []);
      if (Object.keys(kept).length > 0) void write(kept);
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [values, decided, form, excludeKey, write]);

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    setPending(null);
    setDecided(true);
    await write(null);
  }, [write]);

  const restore = () => {
    if (!pending) return;
    form.setFieldsValue(pending.values);
    setPending(null);
    setDecided(true);
  };

  const offer = pending ? (
    <Alert
      type="info"
      showIcon
      className="draft-offer"
      data-testid="draft-offer"
      title={t('DRAFT_OFFER', { date: dayjs(pending.savedAt).format('LLL') })}
      action={
        <Space wrap>
          <Button size="small" type="primary" onClick={restore} data-testid="draft-restore">
            {t('DRAFT_RESTORE')}
          </Button>
          <Button size="small" onClick={() => void discard()} data-testid="draft-discard">
            {t('DRAFT_DISCARD')}
          </Button>
        </Space>
      }
    />
  ) : null;

  return { offer, discard };
}
