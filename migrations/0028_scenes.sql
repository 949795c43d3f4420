-- Scenes: a couch's named sets of device commands, run together. A new couch starts with the
-- built-in "Welcome" and "Eco", whose actions follow its devices until the host edits them.
ALTER TABLE devices ADD CONSTRAINT devices_id_couch UNIQUE (id, couch_id);
ALTER TABLE device_items ADD CONSTRAINT device_items_id_device UNIQUE (id, device_id);

CREATE TABLE scenes (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id        uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    name            text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 80),
    guest_runnable  boolean NOT NULL,
    -- A scene that unlocks a door is run by the host alone.
    unlocks         boolean NOT NULL DEFAULT false,
    builtin         text CHECK (builtin IN ('welcome', 'eco')),
    -- A built-in scene's actions are made from the couch's devices when it runs, until edited.
    follows_devices boolean NOT NULL DEFAULT false CHECK (NOT follows_devices OR builtin IS NOT NULL),
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    UNIQUE (id, couch_id),
    CONSTRAINT scenes_unlocking_is_the_hosts CHECK (NOT (unlocks AND guest_runnable))
);
CREATE UNIQUE INDEX scenes_name ON scenes (couch_id, lower(name));

-- Each action names an item of a device of the scene's own couch; a device deleted takes its
-- actions with it.
CREATE TABLE scene_actions (
    scene_id  uuid NOT NULL,
    position  integer NOT NULL CHECK (position >= 0),
    couch_id  uuid NOT NULL,
    device_id uuid NOT NULL,
    item_id   uuid NOT NULL,
    command   text NOT NULL CHECK (length(command) BETWEEN 1 AND 40),
    PRIMARY KEY (scene_id, position),
    UNIQUE (scene_id, item_id),
    FOREIGN KEY (scene_id, couch_id) REFERENCES scenes (id, couch_id) ON DELETE CASCADE,
    FOREIGN KEY (device_id, couch_id) REFERENCES devices (id, couch_id) ON DELETE CASCADE,
    FOREIGN KEY (item_id, device_id) REFERENCES device_items (id, device_id) ON DELETE CASCADE
);
CREATE INDEX scene_actions_item ON scene_actions (item_id);
CREATE INDEX scene_actions_device ON scene_actions (device_id, couch_id);

CREATE FUNCTION couch_builtin_scenes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO scenes (couch_id, name, guest_runnable, builtin, follows_devices, created_at, updated_at)
    VALUES (NEW.id, 'Welcome', true, 'welcome', true, NEW.created_at, NEW.created_at),
           (NEW.id, 'Eco', true, 'eco', true, NEW.created_at, NEW.created_at);
    RETURN NULL;
END $$;
CREATE TRIGGER couches_builtin_scenes AFTER INSERT ON couches FOR EACH ROW EXECUTE FUNCTION couch_builtin_scenes();

INSERT INTO scenes (couch_id, name, guest_runnable, builtin, follows_devices, created_at, updated_at)
SELECT c.id, s.name, true, s.builtin, true, c.created_at, c.created_at
FROM couches c CROSS JOIN (VALUES ('Welcome', 'welcome'), ('Eco', 'eco')) AS s (name, builtin);
