import { draftsApi } from '@sello/contracts/catalogue/drafts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from '../../api/http-client.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import { DRAFT_SAVE_DELAY_MS, useFormDraft } from './use-form-draft.tsx';

vi.mock('../../api/http-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/http-client.ts')>()),
  callEndpoint: vi.fn(),
}));

let discard: () => Promise<void> = async () => undefined;

function DraftForm() {
  const [form] = Form.useForm();
  const draft = useFormDraft(form);
  discard = draft.discard;
  return (
    <Form form={form}>
      <Form.Item name="subject">
        <Input data-testid="subject" />
      </Form.Item>
    </Form>
  );
}

beforeAll(async () => {
  await initTestI18n('en-en');
});

describe('the draft of a form', () => {
  it('is discarded only after a save still on its way has landed, so a sent form keeps no draft', async () => {
    let landSave: () => void = () => undefined;
    const writes: unknown[] = [];
    vi.mocked(callEndpoint).mockImplementation(async (endpoint, input) => {
      if (endpoint === draftsApi.readDrafts) return [];
      const { values } = (input as { body: { values: unknown } }).body;
      if (values === null) {
        writes.push(null);
        return null;
      }
      // The save of the typed values is slow to reach the server.
      await new Promise<void>((resolve) => {
        landSave = resolve;
      });
      writes.push(values);
      return null;
    });
    const router = createMemoryRouter([{ path: '/templates/new', element: <DraftForm /> }], {
      initialEntries: ['/templates/new'],
    });
    render(<RouterProvider router={router} />);
    await waitFor(() =>
      expect(callEndpoint).toHaveBeenCalledWith(draftsApi.readDrafts, expect.anything(), expect.anything()),
    );

    fireEvent.change(screen.getByTestId('subject'), { target: { value: 'Aviso' } });
    await waitFor(
      () => expect(callEndpoint).toHaveBeenCalledWith(draftsApi.saveDraft, expect.anything(), expect.anything()),
      { timeout: DRAFT_SAVE_DELAY_MS + 2000 },
    );
    // The form is sent and its draft discarded while that save is still on its way.
    let discarded = false;
    const discarding = discard().then(() => {
      discarded = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(discarded).toBe(false);
    await act(async () => {
      landSave();
      await discarding;
    });
    expect(writes).toEqual([{ subject: 'Aviso' }, null]);
  });
});
