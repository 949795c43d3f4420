-- An imported stay is listed to its host beside the bookings made here: it needs an id of its own
-- that survives re-syncs (the upsert keeps the row), and when it first arrived.
ALTER TABLE channel_events
    ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX channel_events_couch ON channel_events (couch_id, lower(stay));
