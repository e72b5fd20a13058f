-- Dispatch: retries of a message are counted on the message, and each waits for its time; the sweep
-- finds messages and shippings whose job was lost (a killed copy) by these columns.

ALTER TABLE delivery_messages
  -- Hand-overs to the adapter tried so far; past the limit the message fails for good.
  ADD COLUMN attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When a queued message is due (its next try after a back-off); the sweep re-queues those long overdue.
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX delivery_messages_due ON delivery_messages (next_attempt_at) WHERE status = 'queued';

-- Shippings waiting to be dispatched, oldest first, for the sweep.
CREATE INDEX shippings_pending_to_send ON shippings (updated_at) WHERE state = 'pending_to_send';
