-- Events: what happened, written by the transaction of the change that caused it (the triggers
-- below, and `emit_calendar_conflicts` called by a sync), so an event exists exactly when its
-- change committed. A row is born without `id`: ids are given after commit, in the order rows
-- become visible, by one sequencer at a time (`sequence_events`). A client resuming after id N
-- therefore can never miss a row that committed late with a lower number, nor see one twice.
-- The writers do not NOTIFY: PostgreSQL serialises the commits of notifying transactions (they
-- take a database-wide lock until they end), which halved booking throughput; the servers poll
-- the sequencer instead, and only the sequencer notifies, once per batch.
CREATE TABLE events (
    outbox_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id          bigint UNIQUE,
    type        text NOT NULL CHECK (type ~ '^[a-z_]+\.[a-z_]+$'),
    occurred_at timestamptz NOT NULL,
    couch_id    uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    -- The couch's host when it happened: whose webhooks hear it.
    owner_id    uuid NOT NULL,
    -- Who may read it on the event stream: the host, and the guests or participants it concerns.
    visible_to  uuid[] NOT NULL,
    data        jsonb NOT NULL
);
CREATE INDEX events_unsequenced ON events (outbox_id) WHERE id IS NULL;
CREATE INDEX events_occurred ON events (occurred_at);

CREATE TABLE event_sequence (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    last_id   bigint NOT NULL
);
INSERT INTO event_sequence (last_id) VALUES (0);

-- Instants in events as the API writes them, whatever the session's time zone.
CREATE FUNCTION utc_text(at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

-- An event as clients and webhooks receive it: one text, built once.
CREATE FUNCTION event_envelope(e events) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN json_build_object('id', e.id::text, 'type', e.type, 'occurredAt', utc_text(e.occurred_at), 'couchId', e.couch_id,
                         'data', e.data)::text;

-- The one way an event is written: the couch's host always sees it, `audience` adds others.
-- The functions a change calls are plpgsql: their statements' plans are kept for the session,
-- where a SQL function's are made again at every call, which cost bookings a third of their rate.
CREATE FUNCTION emit_event(kind text, target_couch uuid, audience uuid[], payload jsonb, at timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO events (type, occurred_at, couch_id, owner_id, visible_to, data)
    SELECT kind, coalesce(at, now()), c.id, c.owner_id,
           ARRAY(SELECT DISTINCT u FROM unnest(array_prepend(c.owner_id, audience)) u WHERE u IS NOT NULL),
           jsonb_strip_nulls(payload)
    FROM couches c WHERE c.id = target_couch;
END
$$;

-- Guests whose stay window at the couch is open at `at`: who may hear its devices then.
CREATE FUNCTION couch_guests_at(target_couch uuid, at timestamptz) RETURNS uuid[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN (SELECT coalesce(array_agg(DISTINCT r.guest_id), '{}')
            FROM reservations r JOIN couches c ON c.id = r.couch_id
            WHERE r.couch_id = target_couch AND r.status = 'confirmed'
              AND r.stay && daterange((at AT TIME ZONE c.time_zone)::date - 1, (at AT TIME ZONE c.time_zone)::date + 2)
              AND stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone) @> at
              AND NOT EXISTS (SELECT 1 FROM stay_presence p WHERE p.stay_id = r.id AND p.checked_out_at <= at));
END
$$;

-- The guest of a stay booked here; an imported stay has none.
CREATE FUNCTION stay_guest(target_stay uuid) RETURNS uuid
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN (SELECT guest_id FROM reservations WHERE id = target_stay);
END
$$;

CREATE FUNCTION reservation_payload(r reservations) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object('reservationId', r.id, 'status', r.status, 'checkIn', lower(r.stay), 'checkOut', upper(r.stay),
                              'guests', r.guests)
$$;

CREATE FUNCTION reservation_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM emit_event('reservation.created', NEW.couch_id, ARRAY[NEW.guest_id], reservation_payload(NEW), NEW.created_at);
    ELSIF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
        PERFORM emit_event('reservation.cancelled', NEW.couch_id, ARRAY[NEW.guest_id],
                           reservation_payload(NEW) || jsonb_build_object('cancelledBy', NEW.cancelled_by), NEW.cancelled_at);
    ELSIF NEW.status <> OLD.status OR NEW.stay <> OLD.stay THEN
        PERFORM emit_event('reservation.changed', NEW.couch_id, ARRAY[NEW.guest_id],
                           reservation_payload(NEW) || jsonb_build_object('previousStatus', OLD.status,
                               'previousCheckOut', CASE WHEN NEW.stay <> OLD.stay THEN upper(OLD.stay) END), NULL);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER reservations_events AFTER INSERT OR UPDATE OF status, stay ON reservations
    FOR EACH ROW EXECUTE FUNCTION reservation_events();

CREATE FUNCTION message_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM emit_event('message.created', c.couch_id, ARRAY[c.user_low, c.user_high],
                       jsonb_build_object('conversationId', c.id, 'messageId', NEW.id, 'senderId', NEW.sender_id, 'body', NEW.body),
                       NEW.created_at)
    FROM conversations c WHERE c.id = NEW.conversation_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER messages_events AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION message_events();

CREATE FUNCTION stay_presence_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.checked_in_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.checked_in_at IS NULL) THEN
        PERFORM emit_event('stay.checked_in', NEW.couch_id, ARRAY[stay_guest(NEW.stay_id)],
                           jsonb_build_object('stayId', NEW.stay_id, 'via', NEW.checked_in_via), NEW.checked_in_at);
    END IF;
    IF NEW.checked_out_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.checked_out_at IS NULL) THEN
        PERFORM emit_event('stay.checked_out', NEW.couch_id, ARRAY[stay_guest(NEW.stay_id)],
                           jsonb_build_object('stayId', NEW.stay_id, 'via', NEW.checked_out_via), NEW.checked_out_at);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER stay_presence_events AFTER INSERT OR UPDATE ON stay_presence FOR EACH ROW EXECUTE FUNCTION stay_presence_events();

CREATE FUNCTION device_state_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM emit_event('device.state_changed', d.couch_id, couch_guests_at(d.couch_id, NEW.last_state_at),
                       jsonb_build_object('deviceId', d.id, 'deviceType', d.type, 'itemName', NEW.item_name, 'state', NEW.last_state),
                       NEW.last_state_at)
    FROM devices d WHERE d.id = NEW.device_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER device_items_events AFTER UPDATE OF last_state ON device_items
    FOR EACH ROW WHEN (NEW.last_state IS DISTINCT FROM OLD.last_state) EXECUTE FUNCTION device_state_events();

-- The stay whose code opened a door, so its event can name the stay (never the code).
ALTER TABLE access_log ADD COLUMN stay_id uuid;

CREATE FUNCTION access_log_events() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    device_type text := (SELECT type FROM devices WHERE id = NEW.device_id);
    method text := CASE
        WHEN NEW.action = 'unlock with code' THEN 'code'
        WHEN NEW.action = 'unlock with code outside its window' THEN 'code'
        WHEN NEW.action = 'unlock by hand' THEN 'hand'
        WHEN NEW.action = 'switch' AND device_type = 'lock' AND NEW.value = 'OFF' THEN 'app'
    END;
BEGIN
    IF NEW.outcome = 'ok' AND method IS NOT NULL THEN
        PERFORM emit_event('door.unlocked', NEW.couch_id, couch_guests_at(NEW.couch_id, NEW.created_at) || stay_guest(NEW.stay_id),
                           jsonb_build_object('deviceId', NEW.device_id, 'method', method, 'stayId', NEW.stay_id,
                                              'byUserId', CASE WHEN method = 'app' THEN NEW.actor_id END,
                                              'outsideWindow', CASE WHEN NEW.action = 'unlock with code outside its window' THEN true END),
                           NEW.created_at);
    ELSIF NEW.outcome IN ('failed', 'unconfirmed') AND NEW.action IN ('switch', 'set') THEN
        PERFORM emit_event('device.command_failed', NEW.couch_id, couch_guests_at(NEW.couch_id, NEW.created_at),
                           jsonb_build_object('deviceId', NEW.device_id, 'itemName', NEW.item_name, 'action', NEW.action,
                                              'value', NEW.value, 'outcome', NEW.outcome, 'detail', NEW.detail),
                           NEW.created_at);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER access_log_events AFTER INSERT ON access_log FOR EACH ROW EXECUTE FUNCTION access_log_events();

CREATE FUNCTION hub_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM emit_event(CASE WHEN NEW.reachable THEN 'hub.online' ELSE 'hub.offline' END, NEW.couch_id, '{}',
                       jsonb_build_object('detail', NEW.last_error), NEW.checked_at);
    RETURN NULL;
END
$$;
CREATE TRIGGER hubs_events AFTER UPDATE OF reachable ON hubs
    FOR EACH ROW WHEN (NEW.reachable IS DISTINCT FROM OLD.reachable) EXECUTE FUNCTION hub_events();

CREATE FUNCTION door_code_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM emit_event('code.' || NEW.state, NEW.couch_id, ARRAY[stay_guest(NEW.stay_id)],
                       jsonb_build_object('stayId', NEW.stay_id, 'deviceId', NEW.device_id, 'validFrom', utc_text(NEW.valid_from),
                                          'validUntil', utc_text(NEW.valid_until),
                                          'error', CASE WHEN NEW.state = 'failed' THEN NEW.last_error END),
                       NEW.updated_at);
    RETURN NULL;
END
$$;
CREATE TRIGGER door_codes_events AFTER UPDATE OF state ON door_codes
    FOR EACH ROW WHEN (NEW.state IS DISTINCT FROM OLD.state AND NEW.state IN ('active', 'failed', 'cleared'))
    EXECUTE FUNCTION door_code_events();

CREATE FUNCTION calendar_feed_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM emit_event('calendar.sync_failed', NEW.couch_id, '{}',
                       jsonb_build_object('feedId', NEW.id, 'name', NEW.name, 'error', NEW.last_error), NEW.last_fetch_at);
    RETURN NULL;
END
$$;
CREATE TRIGGER calendar_feeds_events AFTER UPDATE OF last_error ON calendar_feeds
    FOR EACH ROW WHEN (NEW.last_error IS NOT NULL AND NEW.last_error IS DISTINCT FROM OLD.last_error)
    EXECUTE FUNCTION calendar_feed_events();

-- Called by a sync, in its transaction, for the events it wrote: those that cannot hold all
-- their nights are conflicts the host must hear of.
CREATE FUNCTION emit_calendar_conflicts(feed uuid, uids text[], at timestamptz) RETURNS void
LANGUAGE sql AS $$
    SELECT emit_event('calendar.conflict', e.couch_id, '{}',
                      jsonb_build_object('feedId', e.feed_id, 'uid', e.uid, 'kind', e.kind, 'checkIn', lower(e.stay),
                                         'checkOut', upper(e.stay)), at)
    FROM channel_events e
    WHERE e.feed_id = feed AND e.uid = ANY(uids)
      AND NOT isempty(channel_event_missing(e.couch_id, e.feed_id, e.uid, e.stay))
$$;

-- Webhooks: a user's endpoints, hearing the events of the user's couches.
CREATE TABLE webhooks (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url             text NOT NULL CHECK (length(url) <= 2000),
    types           text[] NOT NULL CHECK (cardinality(types) BETWEEN 1 AND 32),
    -- Sealed like hub tokens: the signing key must be read back to sign.
    secret_sealed   bytea NOT NULL,
    enabled         boolean NOT NULL DEFAULT true,
    disabled_at     timestamptz,
    disabled_reason text CHECK (length(disabled_reason) <= 500),
    -- One server delivers to an endpoint at a time, so its deliveries go in order: the one whose
    -- claim (`leased_by`) holds until `leased_until`, on the database's clock.
    leased_until    timestamptz,
    leased_by       uuid,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (enabled = (disabled_at IS NULL)),
    CHECK ((leased_until IS NULL) = (leased_by IS NULL))
);
CREATE INDEX webhooks_user ON webhooks (user_id);

CREATE TABLE webhook_deliveries (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id       uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id         bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_attempt_at  timestamptz,
    last_status_code integer,
    last_error       text CHECK (length(last_error) <= 500),
    delivered_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, event_id) WHERE status = 'pending';
-- What the delivery workers look for: endpoints with something due.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- Gives ids to what has committed, in the order it became visible, queues each to the webhooks
-- that want it, and tells every server (on the `events` channel, the last id as payload); returns
-- that id, or null when there was nothing. One caller at a time: another finds the lock taken and
-- returns at once, and finds what it missed at its next poll.
CREATE FUNCTION sequence_events(batch integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    first bigint;
    given bigint;
BEGIN
    IF NOT pg_try_advisory_xact_lock(1163282002) THEN  -- "EVSR"
        RETURN NULL;
    END IF;
    -- Each statement of a volatile function sees what committed before it, the lock's wait included.
    SELECT last_id INTO first FROM event_sequence;
    WITH next AS (
        SELECT outbox_id, first + row_number() OVER (ORDER BY outbox_id) AS id
        FROM events WHERE id IS NULL ORDER BY outbox_id LIMIT batch
    )
    UPDATE events e SET id = next.id FROM next WHERE e.outbox_id = next.outbox_id;
    GET DIAGNOSTICS given = ROW_COUNT;
    IF given = 0 THEN
        RETURN NULL;
    END IF;
    UPDATE event_sequence SET last_id = first + given;
    INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at)
    SELECT w.id, e.id, now()
    FROM events e JOIN webhooks w ON w.user_id = e.owner_id AND w.enabled AND e.type = ANY(w.types)
    WHERE e.id > first AND e.id <= first + given;
    PERFORM pg_notify('events', (first + given)::text);
    RETURN first + given;
END
$$;
