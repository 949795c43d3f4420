-- Which couch a hub's Thing serves. On every hub a Thing serves one couch (several devices of
-- that couch may share it): devices reference their Thing's row, couch included, so a device
-- of another couch cannot bind it. A Thing of the operator's shared hub (hub_key 'default') has
-- a row only when an operator assigned it; until then it belongs to nobody. On a hub a host
-- brought (hub_key: the host's id and the hub's address), binding a Thing makes its row.
CREATE TABLE hub_things (
    hub_key     text NOT NULL CHECK (length(hub_key) BETWEEN 1 AND 2100),
    thing_uid   text NOT NULL CHECK (length(thing_uid) BETWEEN 1 AND 200),
    couch_id    uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    assigned_by uuid REFERENCES users (id) ON DELETE SET NULL,
    assigned_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (hub_key, thing_uid),
    UNIQUE (hub_key, thing_uid, couch_id)
);
CREATE INDEX hub_things_couch ON hub_things (couch_id);

ALTER TABLE devices ADD COLUMN hub_key text;

-- Existing bindings: a device on a couch with its own hub is on that hub, else on the shared
-- one. The first couch to bind a Thing keeps it; devices of other couches bound to the same
-- Thing were the hole this closes and are removed (their items stay on the hub).
UPDATE devices d
SET hub_key = COALESCE((SELECT c.owner_id::text || ' ' || h.base_url
                        FROM hubs h JOIN couches c ON c.id = h.couch_id
                        WHERE h.couch_id = d.couch_id), 'default')
WHERE thing_uid IS NOT NULL;
INSERT INTO hub_things (hub_key, thing_uid, couch_id)
SELECT DISTINCT ON (hub_key, thing_uid) hub_key, thing_uid, couch_id
FROM devices WHERE thing_uid IS NOT NULL
ORDER BY hub_key, thing_uid, created_at;
DELETE FROM devices d
WHERE thing_uid IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM hub_things t WHERE t.hub_key = d.hub_key AND t.thing_uid = d.thing_uid AND t.couch_id = d.couch_id);

ALTER TABLE devices
    ADD CONSTRAINT devices_thing_has_hub CHECK ((thing_uid IS NULL) = (hub_key IS NULL)),
    ADD CONSTRAINT devices_thing_on_one_couch FOREIGN KEY (hub_key, thing_uid, couch_id)
        REFERENCES hub_things (hub_key, thing_uid, couch_id);
