-- A notice retried after Discord forgot its nonce (an outage longer than a few minutes) is
-- first looked for among what the bot posted since the notice before it in its place was
-- sent: the sent notices of a place are indexed, so that one is found at once.
CREATE INDEX outbox_sent ON outbox (match_id, place, id) WHERE done_at IS NOT NULL;
