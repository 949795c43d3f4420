-- Needed later by the reservations' exclusion constraint (uuid equality inside a GiST index).
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE users (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email         text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    name          text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    password_hash text NOT NULL,
    -- The id the original clients knew users by (Firebase).
    external_id   text UNIQUE CHECK (length(external_id) BETWEEN 1 AND 128),
    is_admin      boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now()
);
-- One account per address, however it is capitalised.
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

-- One row per refresh token. Tokens descending from one login share a family, so that reusing a
-- rotated token can revoke everything that grew from the stolen one.
CREATE TABLE sessions (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id        uuid NOT NULL,
    user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash       bytea NOT NULL UNIQUE,
    authenticated_at timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    expires_at       timestamptz NOT NULL,
    rotated_at       timestamptz,
    revoked_at       timestamptz
);
CREATE INDEX sessions_family ON sessions (family_id);
CREATE INDEX sessions_user_live ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE login_failures (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email     text NOT NULL,  -- lower-cased
    address   text NOT NULL,
    failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_email ON login_failures (email, failed_at);
CREATE INDEX login_failures_address ON login_failures (address, failed_at);
