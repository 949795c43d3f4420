-- The outdoor temperatures the weather job read, per city as it asks the provider for them
-- (`budapest,hu`), so that a host sees what the job did and why (the console's energy plot).
-- Kept for 30 days: each run of the job deletes what is older.
CREATE TABLE weather_readings (
    city        text NOT NULL CHECK (length(city) BETWEEN 1 AND 300),
    observed_at timestamptz NOT NULL,
    celsius     double precision NOT NULL CHECK (celsius BETWEEN -100 AND 100),
    PRIMARY KEY (city, observed_at)
);
CREATE INDEX weather_readings_observed ON weather_readings (observed_at);
