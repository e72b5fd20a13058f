import { type TTemplateDetail, templatesApi } from '@sello/contracts/catalogue/templates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../../api/http-client.ts';

/**
 * Opens a template for editing: takes (or renews) the caller's edit lock and answers the template as
 * the server sees it, with who holds the lock. Leaving the editor releases a lock the caller holds.
 */
export function useTemplateLock(id: number | undefined) {
  const [detail, setDetail] = useState<TTemplateDetail | undefined>();
  const held = useRef<number | null>(null);
  const lock = useMutation({
    mutationFn: (templateId: number) => callEndpoint(templatesApi.lock, { params: { id: templateId } }),
    onSuccess: (answer) => {
      setDetail(answer);
      held.current = answer.lockedByMe ? answer.id : null;
    },
  });
  const unlock = useMutation({
    mutationFn: (templateId: number) => callEndpoint(templatesApi.unlock, { params: { id: templateId } }),
  });
  const { mutate } = lock;

  useEffect(() => {
    if (id !== undefined) mutate(id);
    return () => {
      if (held.current !== null) {
        void callEndpoint(templatesApi.unlock, { params: { id: held.current } }, { background: true }).catch(
          () => undefined,
        );
        held.current = null;
      }
    };
  }, [id, mutate]);

  /** An administrator releases someone else's lock, then takes it. */
  const takeOver = async () => {
    if (id === undefined) return;
    await unlock.mutateAsync(id);
    await lock.mutateAsync(id);
  };

  const saved = (answer: TTemplateDetail) => {
    setDetail(answer);
    held.current = answer.lockedByMe ? answer.id : null;
  };

  return { detail, loading: lock.isPending, failed: lock.isError, takeOver, saved };
}

/** `value` once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The server's rendering of the template being edited: exactly what would be sent, with sample values. */
export function useTemplatePreview(
  input: { contentType: 'HTML' | 'SMS'; subject?: string; content: string },
  valid: boolean,
) {
  const settled = useDebounced(input);
  return useQuery({
    queryKey: ['templates', 'preview', settled],
    queryFn: () => callEndpoint(templatesApi.preview, { body: settled }, { background: true }),
    enabled: valid && settled.content.trim() !== '',
    retry: false,
  });
}
