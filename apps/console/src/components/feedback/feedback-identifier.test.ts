import { describe, expect, it } from 'vitest';
import { pickFeedbackIdentifier, requestIdFromPath } from './feedback-identifier.ts';

describe('pickFeedbackIdentifier', () => {
  it('shows the request identifier when there is one and no guid', () => {
    expect(pickFeedbackIdentifier('REQ-1', undefined)).toBe('REQ-1');
  });

  it('shows the guid when there is one, even with a request identifier', () => {
    expect(pickFeedbackIdentifier('REQ-1', 'guid-1')).toBe('guid-1');
  });

  it('shows the guid when there is no request identifier', () => {
    expect(pickFeedbackIdentifier(undefined, 'guid-1')).toBe('guid-1');
  });

  it('shows nothing when there is neither', () => {
    expect(pickFeedbackIdentifier(undefined, undefined)).toBeUndefined();
  });
});

describe('requestIdFromPath', () => {
  it('reads the shipping id of a detail page', () => {
    expect(requestIdFromPath('/shippings/detail/REQ-42')).toBe('REQ-42');
  });

  it('finds none on other pages', () => {
    expect(requestIdFromPath('/shippings')).toBeUndefined();
    expect(requestIdFromPath('/home')).toBeUndefined();
  });
});
