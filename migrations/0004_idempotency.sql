-- Idempotency-Key: a request retried with the same key gets the first response instead of being
-- carried out twice. A key is claimed by the transaction that does the work, so of two concurrent
-- requests with one key the second waits for the first and then replays its response.
CREATE TABLE idempotency_keys (
    user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key             text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    -- SHA-256 of the request as understood (endpoint and its decoded fields): the same key with a
    -- different request is refused rather than answered with another request's response.
    fingerprint     text NOT NULL,
    -- Filled in by the transaction that claimed the key, before it commits; a committed row always
    -- has them.
    response_status integer CHECK (response_status BETWEEN 100 AND 599),
    response_body   bytea,
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (user_id, key)
);
-- Expired keys (older than a day) are removed a few at a time, oldest first.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
