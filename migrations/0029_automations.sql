-- Triggers run a couch's scenes: before a stay's check-in window opens, after it ends (or is
-- checked out of), when the guest first opens the door, when the couch has stood empty, and at a
-- local time on chosen weekdays. Each firing is a row unique by its trigger and occasion, so it
-- runs once whichever server sees it first, and a restart does not run it again.
CREATE TABLE triggers (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id         uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    scene_id         uuid NOT NULL,
    kind             text NOT NULL CHECK (kind IN ('beforeCheckIn', 'afterCheckOut', 'arrival', 'vacancy', 'time')),
    -- beforeCheckIn: minutes before the window opens; afterCheckOut: minutes after it ends.
    offset_minutes   integer CHECK (offset_minutes BETWEEN 0 AND 10080),
    -- vacancy: empty for this long, and no stay begins within the next free_ahead_hours.
    vacant_hours     integer CHECK (vacant_hours BETWEEN 1 AND 8760),
    free_ahead_hours integer CHECK (free_ahead_hours BETWEEN 0 AND 8760),
    -- time: the couch's wall-clock time, on these ISO weekdays (1 Monday … 7 Sunday).
    local_time       time CHECK (local_time = date_trunc('minute', local_time)),
    weekdays         smallint[] CHECK (weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[] AND cardinality(weekdays) BETWEEN 1 AND 7),
    -- A firing found late (the server was down): run it once, or record it skipped.
    catch_up         text NOT NULL CHECK (catch_up IN ('once', 'skip')),
    created_at       timestamptz NOT NULL,
    FOREIGN KEY (scene_id, couch_id) REFERENCES scenes (id, couch_id) ON DELETE CASCADE,
    CHECK (CASE kind
        WHEN 'beforeCheckIn' THEN offset_minutes IS NOT NULL
        WHEN 'afterCheckOut' THEN offset_minutes IS NOT NULL
        WHEN 'vacancy' THEN vacant_hours IS NOT NULL AND free_ahead_hours IS NOT NULL
        WHEN 'time' THEN local_time IS NOT NULL AND weekdays IS NOT NULL
        ELSE true END)
);
CREATE INDEX triggers_couch ON triggers (couch_id, created_at);
CREATE INDEX triggers_kind ON triggers (kind);

CREATE TABLE automation_runs (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- Kept when its trigger or scene is deleted: what ran stays visible.
    trigger_id  uuid REFERENCES triggers (id) ON DELETE SET NULL,
    couch_id    uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    scene_id    uuid,
    scene_name  text NOT NULL,
    kind        text NOT NULL,
    -- What this firing is for: a stay and its moment, a local date, a vacancy's beginning.
    occasion    text NOT NULL,
    due_at      timestamptz NOT NULL,
    status      text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'skipped')),
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    results     jsonb NOT NULL DEFAULT '[]',
    detail      text,
    CHECK ((status = 'running') = (finished_at IS NULL))
);
-- The firing's identity: once per trigger and occasion, across servers and restarts.
CREATE UNIQUE INDEX automation_runs_once ON automation_runs (trigger_id, occasion);
CREATE INDEX automation_runs_couch ON automation_runs (couch_id, started_at DESC, id DESC);

-- A firing that finished (or was skipped) is an event for the couch's host.
CREATE FUNCTION automation_run_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status <> 'running' AND (TG_OP = 'INSERT' OR OLD.status = 'running') THEN
        PERFORM emit_event('automation.run', NEW.couch_id, '{}', jsonb_build_object(
            'runId', NEW.id, 'triggerId', NEW.trigger_id, 'sceneId', NEW.scene_id, 'sceneName', NEW.scene_name,
            'kind', NEW.kind, 'status', NEW.status, 'dueAt', utc_text(NEW.due_at)), coalesce(NEW.finished_at, NEW.started_at));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER automation_runs_event AFTER INSERT OR UPDATE OF status ON automation_runs
    FOR EACH ROW EXECUTE FUNCTION automation_run_event();
