import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Modal } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { alerts, dismissAlert } from '../../alerts/alert-store.ts';
import { resetHostCache } from '../../lib/api-host.ts';
import { closeAllDialogs } from '../../lib/dialogs.ts';
import { session } from '../../session/session-store.ts';
import { makeSessionUser } from '../../test/session-user.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import { MessageArea } from '../message-area.tsx';
import { FeedbackModal, type TFeedbackContext } from './feedback-modal.tsx';

vi.mock('../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const FEEDBACK_URL = '/rest/services/configuration/sendFeedback';
const SENT_TEXT = 'Thank you. Your message has been sent to our support team.';

const withEmail: TFeedbackContext = {
  currentUrl: 'http://localhost/#/account',
  guid: 'guid-1',
  userId: 7,
  userName: 'Ana User',
  userEmail: 'ana@example.com',
};

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;

/** The dialog as the shell uses it: open until it asks to close. */
function Harness({ context, onClose }: { context: TFeedbackContext; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  // Without motion antd removes a closed dialog at once, as jsdom never ends CSS animations.
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MessageArea />
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <FeedbackModal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        context={context}
        maxSizeKb={100}
      />
    </ConfigProvider>
  );
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function sendButton(): HTMLButtonElement {
  return screen.getByTestId<HTMLButtonElement>('feedback-send');
}

function fieldValue(testId: string): string {
  return screen.getByTestId<HTMLInputElement | HTMLTextAreaElement>(testId).value;
}

async function attach(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
  await screen.findByText(file.name, { exact: false });
}

function fillAll() {
  type('feedback-name', 'Ana User');
  type('feedback-subject', 'Broken button');
  type('feedback-message', 'The save button does nothing.');
}

function postedFeedback(): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([url]) => url === FEEDBACK_URL);
  return JSON.parse(String(call?.[1]?.body));
}

describe('FeedbackModal', () => {
  beforeAll(async () => {
    await initTestI18n('en-en');
  });

  beforeEach(() => {
    resetHostCache();
    localStorage.setItem('frontendweb_host', '');
    fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    for (const alert of alerts.get()) dismissAlert(alert.id);
    vi.unstubAllGlobals();
  });

  it('keeps Send disabled until name, e-mail, subject and message are all filled', () => {
    render(<Harness context={{ ...withEmail, userName: '' }} />);
    expect(sendButton().disabled).toBe(true);
    type('feedback-name', 'Ana User');
    expect(sendButton().disabled).toBe(true);
    type('feedback-subject', 'Broken button');
    expect(sendButton().disabled).toBe(true);
    type('feedback-message', 'The save button does nothing.');
    expect(sendButton().disabled).toBe(false);
    type('feedback-email', '');
    expect(sendButton().disabled).toBe(true);
  });

  it('keeps Send disabled while the e-mail is not valid, and says why', async () => {
    render(<Harness context={withEmail} />);
    fillAll();
    type('feedback-email', 'ana@');
    expect(sendButton().disabled).toBe(true);
    expect(await screen.findByText('The e-mail address is not valid: write it as name@example.com.')).toBeTruthy();
  });

  it('treats a message of blanks as empty', () => {
    render(<Harness context={withEmail} />);
    fillAll();
    type('feedback-message', '    ');
    expect(sendButton().disabled).toBe(true);
  });

  it('prefills the name and the e-mail of the user', () => {
    render(<Harness context={withEmail} />);
    expect(fieldValue('feedback-name')).toBe('Ana User');
    expect(fieldValue('feedback-email')).toBe('ana@example.com');
  });

  it('counts the message characters as n/500', () => {
    render(<Harness context={withEmail} />);
    expect(screen.getByTestId('feedback-counter').textContent).toBe('0/500');
    type('feedback-message', 'Hello');
    expect(screen.getByTestId('feedback-counter').textContent).toBe('5/500');
  });

  it('shows no e-mail field to a user without an e-mail, and sends the report without one', async () => {
    render(<Harness context={{ ...withEmail, userEmail: undefined }} />);
    expect(screen.queryByTestId('feedback-email')).toBeNull();
    fillAll();
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === FEEDBACK_URL)).toBe(true));
    expect(postedFeedback()).toMatchObject({ name: 'Ana User', idUser: 7 });
    expect(postedFeedback()).not.toHaveProperty('email');
  });

  it('shows the request identifier read-only when there is no guid', () => {
    render(<Harness context={{ ...withEmail, guid: undefined, requestCid: 'REQ-9' }} />);
    const identifier = screen.getByTestId<HTMLInputElement>('feedback-identifier');
    expect(identifier.value).toBe('REQ-9');
    expect(identifier.readOnly).toBe(true);
  });

  it('shows an error and keeps no file when the attachment type is not allowed', async () => {
    render(<Harness context={withEmail} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(
      await screen.findByText('This type of file is not allowed. Allowed types: image/*, application/pdf.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('feedback-files')).toBeNull();
  });

  it('posts only the first attached file, as a base64 data URL, with the form fields', async () => {
    render(<Harness context={withEmail} />);
    fillAll();
    await attach(new File(['first'], 'first.png', { type: 'image/png' }));
    await attach(new File(['second'], 'second.pdf', { type: 'application/pdf' }));
    fireEvent.click(sendButton());
    await screen.findByText(SENT_TEXT);
    const body = postedFeedback();
    expect(body).toMatchObject({
      name: 'Ana User',
      email: 'ana@example.com',
      subject: 'Broken button',
      msg: 'The save button does nothing.',
      idUser: 7,
      currentUrl: 'http://localhost/#/account',
      guid: 'guid-1',
      file: { name: 'first.png', type: 'image/png', content: `data:image/png;base64,${btoa('first')}` },
    });
    expect(JSON.stringify(body)).not.toContain('second.pdf');
  });

  it.each([
    [200, '{"ok":true}'],
    [500, '{"key":"ERR_INTERNAL"}'],
  ])('closes and shows SEND_FEEDBACK_OK when the server answers %i', async (status, answer) => {
    fetchMock.mockImplementation(async () => new Response(answer, { status }));
    const onClose = vi.fn();
    render(<Harness context={withEmail} onClose={onClose} />);
    fillAll();
    fireEvent.click(sendButton());
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(FEEDBACK_URL);
    await waitFor(() => expect(screen.queryByTestId('feedback-send')).toBeNull());
  });

  it('closes and shows SEND_FEEDBACK_OK when the network fails, and the user stays signed in', async () => {
    session.start(makeSessionUser());
    fetchMock.mockImplementation(async (url) => {
      if (url === FEEDBACK_URL) throw new TypeError('Failed to fetch');
      return new Response('{}');
    });
    const onClose = vi.fn();
    render(<Harness context={withEmail} onClose={onClose} />);
    fillAll();
    fireEvent.click(sendButton());
    expect(await screen.findByText(SENT_TEXT)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(session.isLoggedIn()).toBe(true);
    expect(alerts.get().map((alert) => alert.key)).toEqual(['SEND_FEEDBACK_OK']);
    session.clear();
  });

  it('opens again with an empty form and no error messages', async () => {
    render(<Harness context={withEmail} />);
    type('feedback-subject', 'Broken button');
    type('feedback-message', 'Text');
    fireEvent.click(screen.getByTestId('feedback-cancel'));
    await waitFor(() => expect(screen.queryByTestId('feedback-send')).toBeNull());
    act(() => screen.getByText('reopen').click());
    await screen.findByTestId('feedback-subject');
    expect(fieldValue('feedback-subject')).toBe('');
    expect(fieldValue('feedback-message')).toBe('');
    expect(screen.queryByText('This field is required.')).toBeNull();
  });

  it('closes with every dialog, and from its loading on antd imperative dialogs close with them too', async () => {
    const destroyAll = vi.spyOn(Modal, 'destroyAll').mockImplementation(() => {});
    const onClose = vi.fn();
    render(<Harness context={withEmail} onClose={onClose} />);
    act(() => closeAllDialogs());
    expect(onClose).toHaveBeenCalled();
    expect(destroyAll).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('feedback-send')).toBeNull());
    destroyAll.mockRestore();
  });
});
