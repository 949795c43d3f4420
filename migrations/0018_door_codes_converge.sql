-- A code taken off a lock is not drawn again for that lock for a while: new codes are checked
-- against the lock's retired ones as well as its live ones.
CREATE INDEX door_codes_retired ON door_codes (couch_id, thing_uid, code_digest) WHERE state = 'cleared';

-- A stay whose code is being taken off (its window closed while the hub failed) gets a new one as
-- soon as its window opens again, beside the old one on its way off.
DROP INDEX door_codes_one_per_device;
CREATE UNIQUE INDEX door_codes_one_per_device ON door_codes (stay_id, device_id) WHERE state NOT IN ('cleared', 'clearing');
