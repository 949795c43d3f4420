-- What a booking's occupancy costs: the index that keeps one occupancy per imported event holds
-- imports only, and the trigger no longer names the guest again (the reservation does), which
-- spares every booking a check against users.
ALTER TABLE occupancies DROP CONSTRAINT occupancies_one_per_event;
CREATE UNIQUE INDEX occupancies_one_per_event ON occupancies (feed_id, feed_uid) WHERE feed_id IS NOT NULL;

CREATE OR REPLACE FUNCTION reservation_occupancy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND NEW.status = 'confirmed' THEN
        INSERT INTO occupancies (couch_id, stay, source, reservation_id, created_at)
        VALUES (NEW.couch_id, NEW.stay, 'booking', NEW.id, NEW.created_at);
    ELSIF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND NEW.status <> 'confirmed' THEN
        DELETE FROM occupancies WHERE reservation_id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;
