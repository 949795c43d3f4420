-- Presence simulation: while a couch stands empty, lights its host chose go on and off in the
-- evening, differently each day, and whatever it switched is put back when a stay begins.
CREATE TABLE presence_settings (
    couch_id       uuid PRIMARY KEY REFERENCES couches (id) ON DELETE CASCADE,
    enabled        boolean NOT NULL,
    -- The evening's window in the couch's wall-clock time, inside one day.
    window_start   time NOT NULL CHECK (window_start = date_trunc('minute', window_start)),
    window_end     time NOT NULL CHECK (window_end = date_trunc('minute', window_end)),
    max_on_minutes integer NOT NULL CHECK (max_on_minutes BETWEEN 10 AND 360),
    -- Fixes the couch's evenings, so that every server switches the same lights at the same minutes.
    seed           bigint NOT NULL,
    updated_at     timestamptz NOT NULL,
    CHECK (window_end - window_start >= interval '30 minutes')
);
CREATE INDEX presence_settings_enabled ON presence_settings (couch_id) WHERE enabled;

-- The lights it may switch: devices of the couch's own.
CREATE TABLE presence_lights (
    couch_id  uuid NOT NULL REFERENCES presence_settings (couch_id) ON DELETE CASCADE,
    device_id uuid NOT NULL,
    PRIMARY KEY (couch_id, device_id),
    FOREIGN KEY (device_id, couch_id) REFERENCES devices (id, couch_id) ON DELETE CASCADE
);

-- A light the simulation switched on and has not put back yet, with what to put back. Inserting
-- the row is the right to switch it on, deleting it the right to put it back: one server does each.
-- Kept apart from presence_lights, so that a light taken off the list is still put back.
CREATE TABLE presence_switches (
    couch_id    uuid NOT NULL,
    device_id   uuid NOT NULL,
    item_id     uuid NOT NULL,
    restore     text NOT NULL CHECK (length(restore) BETWEEN 1 AND 40),
    switched_at timestamptz NOT NULL,
    PRIMARY KEY (couch_id, device_id),
    FOREIGN KEY (device_id, couch_id) REFERENCES devices (id, couch_id) ON DELETE CASCADE,
    FOREIGN KEY (item_id, device_id) REFERENCES device_items (id, device_id) ON DELETE CASCADE
);
