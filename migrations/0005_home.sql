-- Smart devices: a couch's openHAB hub, the devices (home configurations) made of openHAB items,
-- time-boxed access grants and the access log.

-- A couch's own hub; couches without one use the server's default hub, if configured.
CREATE TABLE hubs (
    couch_id         uuid PRIMARY KEY REFERENCES couches (id) ON DELETE CASCADE,
    base_url         text NOT NULL CHECK (base_url ~ '^https?://'),
    -- AES-GCM sealed box (nonce, ciphertext, tag) of the API token, keyed by SECRETS_KEY.
    token_ciphertext bytea NOT NULL,
    checked_at       timestamptz NOT NULL,
    reachable        boolean NOT NULL,
    version          text,
    last_error       text,
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE devices (
    id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id           uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    name               text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    type               text NOT NULL CHECK (type IN ('heating', 'cooling', 'weatherWatcher', 'lock')),
    thing_uid          text,
    guest_controllable boolean NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_couch ON devices (couch_id, created_at);

-- The openHAB items SmartCouch made for a device, one per chosen channel.
CREATE TABLE device_items (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    device_id   uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    position    integer NOT NULL CHECK (position >= 0),
    -- Unique across hubs too: a default hub is shared by many couches.
    item_name   text NOT NULL UNIQUE CHECK (item_name ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
    channel_uid text NOT NULL,
    item_type   text NOT NULL,
    label       text NOT NULL,
    is_main     boolean NOT NULL DEFAULT false,
    UNIQUE (device_id, position)
);
-- At most one main switch per device.
CREATE UNIQUE INDEX device_items_one_main ON device_items (device_id) WHERE is_main;

-- A host lets someone (a cleaner) use a couch's devices for a while.
CREATE TABLE access_grants (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id   uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    starts_at  timestamptz NOT NULL,
    ends_at    timestamptz NOT NULL,
    created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz,
    CHECK (ends_at > starts_at)
);
CREATE INDEX access_grants_user ON access_grants (user_id, couch_id);
CREATE INDEX access_grants_couch ON access_grants (couch_id, starts_at);

-- Every device command and every denied attempt. Rows outlive the devices they name.
CREATE TABLE access_log (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id     uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    device_id    uuid REFERENCES devices (id) ON DELETE SET NULL,
    item_name    text,
    -- A person, or null with actor_label naming the automation that acted.
    actor_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    actor_label  text,
    action       text NOT NULL,
    value        text,
    outcome      text NOT NULL CHECK (outcome IN ('ok', 'denied', 'failed')),
    detail       text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CHECK (actor_id IS NOT NULL OR actor_label IS NOT NULL)
);
CREATE INDEX access_log_couch ON access_log (couch_id, created_at DESC, id DESC);
CREATE INDEX access_log_actor ON access_log (couch_id, actor_id, created_at DESC, id DESC);
