// Stand-in so that the integrations branch builds on its own; the server branch replaces this target.
