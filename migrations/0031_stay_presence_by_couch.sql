-- The trigger engine looks up each arrival trigger's couch's check-ins every tick, and deleting a
-- couch deletes its stays' presence: both by couch, which stay_presence, keyed by stay, had no index for.
CREATE INDEX stay_presence_couch ON stay_presence (couch_id, checked_in_at);
