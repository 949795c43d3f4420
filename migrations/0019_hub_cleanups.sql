-- What SmartCouch made on a hub and must take off again, so that nothing it made is left behind:
-- a device's items (and their links) written down before they are made, armed until the device is
-- stored (then the rows go in the same transaction); due at once when the creation fails or the
-- device is deleted; due after `due_at` when a creation died with its server. The hub-cleanup
-- job works off due rows, with backoff, until the hub answers that they are gone.
CREATE TABLE hub_cleanups (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id    uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    -- The device being made or removed: it may never have been stored, or be gone.
    device_id   uuid NOT NULL,
    item_name   text NOT NULL CHECK (length(item_name) BETWEEN 1 AND 200),
    channel_uid text CHECK (length(channel_uid) BETWEEN 1 AND 400),
    due_at      timestamptz NOT NULL,
    attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error  text CHECK (length(last_error) <= 500),
    created_at  timestamptz NOT NULL,
    UNIQUE (device_id, item_name)
);
CREATE INDEX hub_cleanups_due ON hub_cleanups (due_at);
CREATE INDEX hub_cleanups_couch ON hub_cleanups (couch_id);
