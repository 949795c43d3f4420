-- Channel calendars a host imports: each feed's URL (a secret: sealed like hub tokens, shown
-- masked), how its last fetches went, and the events its last good fetch held. An event that
-- fits is an occupancy like a booking; one that overlaps a booking made here is kept without an
-- occupancy, as a conflict, and placed once the other side is gone.
CREATE TABLE calendar_feeds (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id        uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    name            text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    url_sealed      bytea NOT NULL,
    url_masked      text NOT NULL CHECK (length(url_masked) <= 2100),
    etag            text CHECK (length(etag) <= 500),
    last_modified   text CHECK (length(last_modified) <= 100),
    last_fetch_at   timestamptz,
    last_success_at timestamptz,
    last_error      text CHECK (length(last_error) <= 500),
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX calendar_feeds_couch ON calendar_feeds (couch_id, created_at);

CREATE TABLE channel_events (
    feed_id         uuid NOT NULL REFERENCES calendar_feeds (id) ON DELETE CASCADE,
    uid             text NOT NULL CHECK (length(uid) BETWEEN 1 AND 500),
    couch_id        uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    stay            daterange NOT NULL CHECK (NOT isempty(stay) AND lower_inc(stay) AND NOT upper_inc(stay)
                                              AND NOT lower_inf(stay) AND NOT upper_inf(stay)),
    kind            text NOT NULL CHECK (kind IN ('stay', 'block')),
    summary         text CHECK (length(summary) <= 200),
    reservation_url text CHECK (length(reservation_url) <= 500),
    phone_last4     text CHECK (phone_last4 ~ '^[0-9]{4}$'),
    guests          integer CHECK (guests BETWEEN 1 AND 50),
    PRIMARY KEY (feed_id, uid)
);

ALTER TABLE occupancies DROP CONSTRAINT occupancies_source_check;
ALTER TABLE occupancies DROP CONSTRAINT occupancies_check;
ALTER TABLE occupancies
    ADD COLUMN feed_id uuid,
    ADD COLUMN feed_uid text,
    ADD CONSTRAINT occupancies_source_check CHECK (source IN ('booking', 'block', 'import')),
    ADD CONSTRAINT occupancies_source_reference CHECK (
        (source = 'booking') = (reservation_id IS NOT NULL)
        AND (source = 'import') = (feed_id IS NOT NULL AND feed_uid IS NOT NULL)),
    ADD CONSTRAINT occupancies_channel_event FOREIGN KEY (feed_id, feed_uid)
        REFERENCES channel_events (feed_id, uid) ON DELETE CASCADE,
    ADD CONSTRAINT occupancies_one_per_event UNIQUE (feed_id, feed_uid);

-- Occupancies decide every overlap now, bookings' included: checking it twice on each booking
-- only doubled the cost of writing one.
ALTER TABLE reservations DROP CONSTRAINT reservations_no_overlap;
ANALYZE occupancies;
