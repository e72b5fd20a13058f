import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './smtp-adapter.ts';

const lost = () => Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'CONN' });

describe('what an SMTP failure means for the message', () => {
  it('a lost connection before DATA is tried again; after DATA it may have been delivered and is never sent again', () => {
    expect(classifySmtpError(lost()).kind).toBe('transient');
    expect(classifySmtpError(lost(), true).kind).toBe('unknown');
  });

  it('a reply code decides whatever the stage: 5xx for good, 4xx for now', () => {
    const refused = Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550, command: 'RCPT TO' });
    expect(classifySmtpError(refused).kind).toBe('permanent');
    expect(classifySmtpError({ ...refused, responseCode: 451 } as Error, true).kind).toBe('transient');
  });
});
