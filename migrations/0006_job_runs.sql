-- One row per run of a scheduled job, whether the schedule or an operator started it.
CREATE TABLE job_runs (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    job           text NOT NULL CHECK (length(job) BETWEEN 1 AND 64),
    trigger       text NOT NULL CHECK (trigger IN ('schedule', 'operator')),
    -- The slot a scheduled run belongs to. Unique per job: of several servers that all see a slot
    -- come due, the one whose row goes in runs it, and the others skip it.
    scheduled_for timestamptz,
    started_at    timestamptz NOT NULL,
    finished_at   timestamptz,
    status        text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
    summary       jsonb,
    error         text,
    UNIQUE (job, scheduled_for),
    CHECK ((trigger = 'schedule') = (scheduled_for IS NOT NULL)),
    CHECK ((status = 'running') = (finished_at IS NULL)),
    CHECK (status <> 'failed' OR error IS NOT NULL)
);
CREATE INDEX job_runs_started_at ON job_runs (started_at DESC, id DESC);
-- Finding runs left 'running' by a server that died.
CREATE INDEX job_runs_running ON job_runs (job) WHERE status = 'running';
