-- One feed per URL and couch, found by a keyed digest of the URL (the URL itself is sealed), and
-- a feed that keeps failing is fetched less often: after its second failure in a row, not again
-- before retry_at. A host may still sync it at once.
ALTER TABLE calendar_feeds
    ADD COLUMN url_digest bytea,
    ADD COLUMN failures   integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
    ADD COLUMN retry_at   timestamptz;
CREATE UNIQUE INDEX calendar_feeds_one_per_url ON calendar_feeds (couch_id, url_digest);

-- A stay's guest (or its link's holder) sees its codes from this many hours before the code's
-- window opens, not from the booking on: a leaked link or a guest cancelled later has less.
ALTER TABLE couches
    ADD COLUMN code_reveal_hours integer NOT NULL DEFAULT 48 CHECK (code_reveal_hours BETWEEN 0 AND 720);

-- Why the server last stopped listening to a couch's own hub's event stream (a hub that floods
-- it is dropped and backed off), apart from what the last REST call showed; NULL while it listens.
ALTER TABLE hubs
    ADD COLUMN events_error    text CHECK (length(events_error) <= 500),
    ADD COLUMN events_error_at timestamptz;
