-- A code taken off a lock is not drawn again for that lock for a while: new codes are checked
-- against the lock's retired ones as well as its live ones.
CREATE INDEX door_codes_retired ON door_codes (couch_id, thing_uid, code_digest) WHERE state = 'cleared';
