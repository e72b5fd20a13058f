-- PIN on the channel the type names: a voice call reads the PIN (WHATSAPP_VOICE), and a message may wait
-- `held` as the fallback of another (WHATSAPP_SMS, WHATSAPP_VOICE), leaving only when that one fails.

ALTER TABLE delivery_messages
  DROP CONSTRAINT delivery_messages_channel_check,
  ADD CONSTRAINT delivery_messages_channel_check
    CHECK (channel IN ('postal', 'sms', 'email', 'whatsapp', 'onscreen', 'voice')),
  DROP CONSTRAINT delivery_messages_transport_check,
  ADD CONSTRAINT delivery_messages_transport_check
    CHECK (transport IN ('outbox', 'smtp', 'sms_http', 'whatsapp_http', 'postal', 'onscreen', 'voice_http')),
  DROP CONSTRAINT delivery_messages_status_check,
  ADD CONSTRAINT delivery_messages_status_check
    CHECK (status IN ('held', 'queued', 'sending', 'sent', 'delivered', 'failed', 'unknown')),
  -- The message this one stands in for: it stays `held` until that one fails, and is never sent otherwise.
  ADD COLUMN fallback_for bigint REFERENCES delivery_messages (id),
  ADD CONSTRAINT delivery_messages_held_fallback CHECK (status <> 'held' OR fallback_for IS NOT NULL);
CREATE INDEX delivery_messages_fallback ON delivery_messages (fallback_for) WHERE fallback_for IS NOT NULL;

-- A held fallback has not left, not even to the outbox.
CREATE OR REPLACE VIEW outbox AS
  SELECT id, guid, shipping_id, receiver_id, purpose, channel, recipient, subject, body, created_at
  FROM delivery_messages
  WHERE transport = 'outbox' AND status <> 'held';
