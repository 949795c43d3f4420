-- A command the hub took but whose device did not report it done in time is logged as such,
-- neither ok nor failed.
ALTER TABLE access_log DROP CONSTRAINT access_log_outcome_check;
ALTER TABLE access_log ADD CONSTRAINT access_log_outcome_check CHECK (outcome IN ('ok', 'denied', 'failed', 'unconfirmed'));
