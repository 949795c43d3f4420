-- Turnover: nights kept free after each occupancy for cleaning. They are occupancies of their own
-- (source 'turnover', following the one they clean up after), so the one exclusion constraint
-- keeps them, availability and the exported calendar show them, and an imported event that needs
-- them is in conflict as it is with any other holder.
ALTER TABLE couches
    ADD COLUMN turnover_days        integer NOT NULL DEFAULT 0 CHECK (turnover_days BETWEEN 0 AND 30),
    ADD COLUMN instant_book         boolean NOT NULL DEFAULT true,
    ADD COLUMN request_expiry_hours integer NOT NULL DEFAULT 24 CHECK (request_expiry_hours BETWEEN 1 AND 336);

ALTER TABLE occupancies DROP CONSTRAINT occupancies_source_check;
ALTER TABLE occupancies
    ADD COLUMN after_id uuid REFERENCES occupancies (id) ON DELETE CASCADE,
    ADD CONSTRAINT occupancies_source_check CHECK (source IN ('booking', 'block', 'import', 'turnover')),
    ADD CONSTRAINT occupancies_turnover_follows CHECK ((source = 'turnover') = (after_id IS NOT NULL));
CREATE UNIQUE INDEX occupancies_one_turnover ON occupancies (after_id) WHERE after_id IS NOT NULL;

-- The turnover after `parent`, as many of the couch's turnover days as are free right after it;
-- with `strict`, all of them or an exclusion violation (a booking made here must leave them).
-- An imported event's turnover follows its last night only.
CREATE FUNCTION place_turnover(parent occupancies, strict boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    days integer;
    free_until date;
BEGIN
    IF parent.source = 'turnover' THEN RETURN; END IF;
    IF parent.source = 'import' AND upper(parent.stay) <> (
        SELECT upper(e.stay) FROM channel_events e WHERE e.feed_id = parent.feed_id AND e.uid = parent.feed_uid) THEN
        RETURN;
    END IF;
    SELECT turnover_days INTO days FROM couches WHERE id = parent.couch_id;
    IF coalesce(days, 0) = 0 THEN RETURN; END IF;
    IF strict THEN
        free_until := upper(parent.stay) + days;
    ELSE
        SELECT coalesce(min(greatest(lower(o.stay), upper(parent.stay))), upper(parent.stay) + days) INTO free_until
        FROM occupancies o
        WHERE o.couch_id = parent.couch_id AND o.stay && daterange(upper(parent.stay), upper(parent.stay) + days);
    END IF;
    IF strict THEN
        INSERT INTO occupancies (couch_id, stay, source, after_id, created_at)
        VALUES (parent.couch_id, daterange(upper(parent.stay), free_until), 'turnover', parent.id, parent.created_at);
    ELSIF free_until > upper(parent.stay) THEN
        -- Nights a concurrent transaction takes first are theirs.
        INSERT INTO occupancies (couch_id, stay, source, after_id, created_at)
        VALUES (parent.couch_id, daterange(upper(parent.stay), free_until), 'turnover', parent.id, parent.created_at)
        ON CONFLICT DO NOTHING;
    END IF;
END
$$;

CREATE FUNCTION occupancy_turnover() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM place_turnover(NEW, NEW.source = 'booking');
    RETURN NULL;
END
$$;
CREATE TRIGGER occupancies_turnover AFTER INSERT ON occupancies
    FOR EACH ROW WHEN (NEW.source <> 'turnover') EXECUTE FUNCTION occupancy_turnover();

-- A couch's turnover changed: every occupancy not over yet gets the new one, as far as nights are
-- free after it (stays already back to back stay so).
CREATE FUNCTION replace_turnover(target_couch uuid, from_day date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    parent occupancies;
BEGIN
    DELETE FROM occupancies WHERE couch_id = target_couch AND source = 'turnover' AND upper(stay) > from_day;
    FOR parent IN SELECT * FROM occupancies
                  WHERE couch_id = target_couch AND source <> 'turnover' AND upper(stay) >= from_day
                  ORDER BY lower(stay) LOOP
        PERFORM place_turnover(parent, false);
    END LOOP;
END
$$;

-- What an imported event lacks: its nights something else holds, and the turnover after it that
-- something else holds (an event so close to the next occupancy breaks the turnover: a conflict
-- for the host, though the stay itself is honoured).
CREATE FUNCTION channel_event_missing(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange) RETURNS datemultirange
LANGUAGE sql STABLE AS $$
    SELECT datemultirange(event_stay, daterange(upper(event_stay), upper(event_stay) + c.turnover_days))
           - channel_event_held(event_feed, event_uid)
           - coalesce((SELECT range_agg(t.stay) FROM occupancies t JOIN occupancies o ON o.id = t.after_id
                       WHERE o.feed_id = event_feed AND o.feed_uid = event_uid), '{}'::datemultirange)
    FROM couches c WHERE c.id = event_couch
$$;

-- Request to book: a request holds its nights like a booking until the host accepts it
-- (confirmed), declines it, or it expires; only a confirmed stay lets its guest in.
ALTER TABLE reservations DROP CONSTRAINT reservations_status_check;
ALTER TABLE reservations
    ADD COLUMN request_expires_at timestamptz,
    ADD CONSTRAINT reservations_status_check CHECK (status IN ('requested', 'confirmed', 'declined', 'expired', 'cancelled')),
    ADD CONSTRAINT reservations_request_expiry CHECK (status <> 'requested' OR request_expires_at IS NOT NULL);
-- A host who shortens a stay refunds the nights let go, and the price keeps those left: the
-- refund is then of a total larger than the one the reservation shows.
ALTER TABLE reservations DROP CONSTRAINT reservations_refund;
CREATE INDEX reservations_requested ON reservations (request_expires_at) WHERE status = 'requested';

CREATE OR REPLACE FUNCTION reservation_occupancy() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    held boolean := NEW.status IN ('requested', 'confirmed');
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF held THEN
            INSERT INTO occupancies (couch_id, stay, source, reservation_id, created_at)
            VALUES (NEW.couch_id, NEW.stay, 'booking', NEW.id, NEW.created_at);
        END IF;
    ELSIF OLD.status IN ('requested', 'confirmed') AND NOT held THEN
        DELETE FROM occupancies WHERE reservation_id = NEW.id;
    ELSIF held AND NEW.stay <> OLD.stay THEN
        -- Shortened: the nights let go and the turnover after the old end are free again, and
        -- the turnover follows the new end.
        DELETE FROM occupancies WHERE after_id = (SELECT id FROM occupancies WHERE reservation_id = NEW.id);
        UPDATE occupancies SET stay = NEW.stay WHERE reservation_id = NEW.id;
        PERFORM place_turnover(o, false) FROM occupancies o WHERE o.reservation_id = NEW.id;
        PERFORM place_channel_nights(NEW.couch_id, now());
    END IF;
    RETURN NULL;
END
$$;
DROP TRIGGER reservations_occupy ON reservations;
CREATE TRIGGER reservations_occupy AFTER INSERT OR UPDATE OF status, stay ON reservations
    FOR EACH ROW EXECUTE FUNCTION reservation_occupancy();

CREATE OR REPLACE VIEW guest_stays AS
SELECT r.id AS stay_id, o.couch_id, o.stay, 'booking' AS source, r.guest_id
FROM occupancies o JOIN reservations r ON r.id = o.reservation_id
WHERE r.status = 'confirmed'
UNION ALL
SELECT e.id, e.couch_id, e.stay, 'import', NULL::uuid
FROM channel_events e
WHERE e.kind = 'stay' AND channel_event_held(e.feed_id, e.uid) = datemultirange(e.stay);
