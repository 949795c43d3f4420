-- Every range of nights a couch is taken, whatever took it: a booking made here, or dates the host
-- blocked (and, with calendar import, stays sold on other channels). One exclusion constraint over
-- all of them keeps any two from overlapping, under any concurrency.
CREATE TABLE occupancies (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id       uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    -- Check-in date included, check-out date excluded, as for reservations.
    stay           daterange NOT NULL CHECK (NOT isempty(stay) AND lower_inc(stay) AND NOT upper_inc(stay)
                                             AND NOT lower_inf(stay) AND NOT upper_inf(stay)),
    source         text NOT NULL CHECK (source IN ('booking', 'block')),
    reservation_id uuid UNIQUE REFERENCES reservations (id) ON DELETE CASCADE,
    reason         text CHECK (length(reason) <= 200),
    created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CHECK ((source = 'booking') = (reservation_id IS NOT NULL)),
    CHECK (source = 'block' OR reason IS NULL),
    CONSTRAINT occupancies_no_overlap EXCLUDE USING gist (couch_id WITH =, stay WITH &&)
);

-- A confirmed booking occupies its nights from the moment it is written, in the same statement,
-- so the constraint above sees it; cancelling frees them.
CREATE FUNCTION reservation_occupancy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND NEW.status = 'confirmed' THEN
        INSERT INTO occupancies (couch_id, stay, source, reservation_id, created_by, created_at)
        VALUES (NEW.couch_id, NEW.stay, 'booking', NEW.id, NEW.guest_id, NEW.created_at);
    ELSIF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND NEW.status <> 'confirmed' THEN
        DELETE FROM occupancies WHERE reservation_id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER reservations_occupy AFTER INSERT OR UPDATE OF status ON reservations
    FOR EACH ROW EXECUTE FUNCTION reservation_occupancy();

INSERT INTO occupancies (couch_id, stay, source, reservation_id, created_by, created_at)
SELECT couch_id, stay, 'booking', id, guest_id, created_at FROM reservations WHERE status = 'confirmed';
