-- Per-stay door codes on keypad locks. A lock device names the user-code slots of its Thing that
-- SmartCouch manages (the others are the host's own and never touched); every stay that lets a
-- guest in (a booking here, an imported stay) gets a code on each keypad lock of its couch, valid
-- from the stay's check-in minus the couch's lead to its check-out plus its grace.
ALTER TABLE devices
    ADD COLUMN code_slot_first integer,
    ADD COLUMN code_slot_last  integer,
    ADD CONSTRAINT devices_code_slots CHECK (
        (code_slot_first IS NULL) = (code_slot_last IS NULL)
        AND (code_slot_first IS NULL
             OR (type = 'lock' AND thing_uid IS NOT NULL AND code_slot_first BETWEEN 1 AND 250
                 AND code_slot_last BETWEEN code_slot_first AND 250)));

ALTER TABLE couches
    ADD COLUMN code_length        integer NOT NULL DEFAULT 6 CHECK (code_length BETWEEN 4 AND 8),
    ADD COLUMN code_lead_minutes  integer NOT NULL DEFAULT 0 CHECK (code_lead_minutes BETWEEN 0 AND 1440),
    ADD COLUMN code_grace_minutes integer NOT NULL DEFAULT 15 CHECK (code_grace_minutes BETWEEN 0 AND 1440);

-- The stays that let a guest in, whoever sold them: a confirmed booking here, or a stay imported
-- from a channel that holds its nights (a channel's closed dates are not stays). The stay's id is
-- the reservation's or the imported stay's, as the host's reservation list shows it.
CREATE VIEW guest_stays AS
SELECT r.id AS stay_id, o.couch_id, o.stay, 'booking' AS source, r.guest_id
FROM occupancies o JOIN reservations r ON r.id = o.reservation_id
UNION ALL
SELECT e.id, o.couch_id, o.stay, 'import', NULL::uuid
FROM occupancies o JOIN channel_events e ON e.feed_id = o.feed_id AND e.uid = o.feed_uid
WHERE e.kind = 'stay';

CREATE TABLE door_codes (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id        uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    -- Gone with its device, but kept until its slot is cleared on the lock.
    device_id       uuid REFERENCES devices (id) ON DELETE SET NULL,
    thing_uid       text NOT NULL,
    -- A guest_stays id; the code ends when no stay has it any more.
    stay_id         uuid NOT NULL,
    slot            integer CHECK (slot BETWEEN 1 AND 250),
    -- Sealed like hub tokens; the keyed digest lets the schema refuse a second copy on one lock.
    code_sealed     bytea NOT NULL,
    code_digest     bytea NOT NULL,
    valid_from      timestamptz NOT NULL,
    valid_until     timestamptz NOT NULL CHECK (valid_until > valid_from),
    state           text NOT NULL DEFAULT 'scheduled'
                    CHECK (state IN ('scheduled', 'setting', 'active', 'failed', 'clearing', 'cleared')),
    last_error      text CHECK (length(last_error) <= 500),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (state IN ('scheduled', 'failed', 'cleared') OR slot IS NOT NULL)
);
-- Until a code is cleared from its lock it holds its slot, and no other code on that lock equals it.
CREATE UNIQUE INDEX door_codes_slot ON door_codes (couch_id, thing_uid, slot) WHERE state <> 'cleared';
CREATE UNIQUE INDEX door_codes_digest ON door_codes (couch_id, thing_uid, code_digest) WHERE state <> 'cleared';
CREATE UNIQUE INDEX door_codes_one_per_device ON door_codes (stay_id, device_id) WHERE state <> 'cleared';
CREATE INDEX door_codes_stay ON door_codes (stay_id);
CREATE INDEX door_codes_couch ON door_codes (couch_id, valid_from DESC, id DESC);
-- The job's work list: every code not yet cleared.
CREATE INDEX door_codes_open ON door_codes (couch_id, thing_uid) WHERE state <> 'cleared';

-- A link a host sends to a guest who has no account here (an imported stay): whoever holds it
-- sees the stay's address, times and codes. Only the token's digest is stored.
CREATE TABLE stay_links (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id     uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    stay_id      uuid NOT NULL,
    token_digest bytea NOT NULL UNIQUE,
    created_by   uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    revoked_at   timestamptz
);
CREATE UNIQUE INDEX stay_links_live ON stay_links (stay_id) WHERE revoked_at IS NULL;
