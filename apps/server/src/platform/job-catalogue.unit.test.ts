import { describe, expect, it } from 'vitest';
import { DELIVERY_JOBS } from './job-catalogue.ts';

describe('the delivery queues', () => {
  it('hand at most spec §9 upload limit to the centre (5) messages to the providers at once per copy', () => {
    // Each handler of a fetched batch runs one message after another (platform/jobs.ts workBatch), so the
    // queue's local concurrency is the number of provider calls in flight.
    expect(DELIVERY_JOBS.send.localConcurrency).toBe(5);
  });
});
