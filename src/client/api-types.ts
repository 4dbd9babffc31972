/**
 * Generated from Lifeline's OpenAPI document by `npm run client:generate` (src/client/generate.ts).
 * Do not edit: tests/integration/openapi.test.ts regenerates it from the live document and fails
 * on any difference.
 */
export interface paths {
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who changed what in the organization, and its members' sign-ins, newest first (owners, admins, tokens with audit.read); kept as long as the plan says */
        get: operations["auditLog-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in: access and refresh tokens
         * @description An account with two-factor sign-in answers 401 with error.code SECOND_FACTOR_REQUIRED, error.challenge (a token, 5 minutes), error.methods (totp, security_key, recovery_code) and, with a security key, error.security_key_options (for navigator.credentials.get); answer it at POST /auth/login/second-factor.
         */
        post: operations["auth-login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in, second step: the login's challenge with a TOTP code, a recovery code or a security key's answer
         * @description Answers the token pair as POST /auth/login does. A wrong second factor is 401 UNAUTHORIZED; wrong ones count against the account and the address like wrong passwords (429 RATE_LIMITED past them). A code is accepted once; a recovery code works once.
         */
        post: operations["auth-loginSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the current session */
        post: operations["auth-logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["auth-me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the refresh token; the old one stops working */
        post: operations["auth-refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a user account */
        post: operations["auth-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My second factors (no secret) */
        get: operations["twoFactor-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New recovery codes (the old ones stop working), shown this once. Needs a fresh second factor in the body (code, recovery_code or security_key); a wrong one is 400 keyed by its field, throttled like sign-in codes. */
        post: operations["twoFactor-regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/security-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register the security key that answered the registration options */
        post: operations["twoFactor-registerKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/security-keys/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a security key. Needs a fresh second factor in the body (code, recovery_code or security_key); a wrong one is 400 keyed by its field, throttled like sign-in codes. */
        post: operations["twoFactor-removeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/security-keys/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A challenge for confirming a change with a security key (navigator.credentials.get() options) */
        post: operations["twoFactor-keyChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/security-keys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start registering a security key: options for navigator.credentials.create() and a challenge token */
        post: operations["twoFactor-keyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start enrolling an authenticator app: the secret, its otpauth URI and QR code, shown this once */
        post: operations["twoFactor-startTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the enrolment with a first code; answers the recovery codes, shown this once */
        post: operations["twoFactor-confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/totp/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove the authenticator app. Needs a fresh second factor in the body (code, recovery_code or security_key); a wrong one is 400 keyed by its field, throttled like sign-in codes. */
        post: operations["twoFactor-removeTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/badges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's badges with their URLs */
        get: operations["badges-list"];
        put?: never;
        /** Issue a badge for one cron monitor, service or project (an unguessable key) */
        post: operations["badges-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/badges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a badge (its URLs answer 404 at once) */
        delete: operations["badges-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config/schema.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The JSON Schema of a Lifeline document (lifeline export / plan / apply, docs/config-as-code.md) */
        get: operations["configSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List cron monitors with their recent runs */
        get: operations["cronMonitors-list"];
        put?: never;
        /**
         * Create a cron monitor (or upsert by source and external_id)
         * @description 201 when a monitor was created. With both `source` and `external_id`, an existing monitor with that pair is updated instead (same id and ping token) and the answer is 200; that update needs `cronmonitor.edit` (403 otherwise, nothing changed). Schedule errors answer 400 with the schedule error body.
         */
        post: operations["cronMonitors-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a cron monitor */
        get: operations["cronMonitors-get"];
        put?: never;
        post?: never;
        /** Delete a cron monitor; its ping token stops at once */
        delete: operations["cronMonitors-delete"];
        options?: never;
        head?: never;
        /**
         * Change any subset of the fields; `paused` pauses and resumes
         * @description Schedule errors answer 400 with the schedule error body.
         */
        patch: operations["cronMonitors-update"];
        trace?: never;
    };
    "/cron-monitors/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a run event on behalf of a job (same logic as a ping) */
        post: operations["cronRuns-reportEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runs of a monitor, newest first */
        get: operations["cronRuns-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors/{id}/runs/{rid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One run with its events timeline (no log body) */
        get: operations["cronRuns-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors/{id}/runs/{rid}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run's log as plain text: /log notes in order, then the captured output */
        get: operations["cronRuns-log"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors/{id}/snooze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Snooze notifications until a time or for some minutes
         * @description Exactly one of `until` (within the next 30 days) or `minutes` (1 to 43200). While snoozed, pings go on and incidents open and are recorded, but nothing is notified; an incident still open when the snooze ends is notified then, once.
         */
        post: operations["cronMonitors-snooze"];
        /** End the snooze now (an open incident it held is notified now) */
        delete: operations["cronMonitors-unsnooze"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors/{id}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new ping token; the old one stops at once */
        post: operations["cronMonitors-rotateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cron-monitors/schedule-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validate a schedule and show its next 5 fire times (not enveloped)
         * @description Schedule errors answer 400 with the schedule error body (`field` is `cron`, `tz` or `period`).
         */
        get: operations["cronMonitors-schedulePreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/edge-removals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Edges the organization's objects lost when the other end left the organization or was deleted */
        get: operations["edgeRemovals-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API health: answers 200 when the database answers */
        get: operations["system-health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Incidents, newest first; filter by cron_monitor, service, status */
        get: operations["incidents-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One incident */
        get: operations["incidents-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge an open incident: records who and when, notifies incident.acknowledged */
        post: operations["incidents-acknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/tree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An incident with the parent incident it opened under and the incidents opened under it (depends_on) */
        get: operations["incidents-tree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/incidents/{id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An incident's updates, oldest first */
        get: operations["incidentUpdates-list"];
        put?: never;
        /** Post an update on an incident (shown on status pages and their feeds) */
        post: operations["incidentUpdates-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's integrations */
        get: operations["integrations-list"];
        put?: never;
        /** Add an integration (the kind chooses its config) */
        post: operations["integrations-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One integration */
        get: operations["integrations-get"];
        put?: never;
        post?: never;
        /** Delete an integration (monitors stop listing it) */
        delete: operations["integrations-delete"];
        options?: never;
        head?: never;
        /** Change some fields of an integration */
        patch: operations["integrations-update"];
        trace?: never;
    };
    "/integrations/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery attempts, newest first */
        get: operations["integrations-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test notification now; answers the recorded attempt */
        post: operations["integrations-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/maintenance-windows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's maintenance windows (filters: active, upcoming) */
        get: operations["maintenance-list"];
        put?: never;
        /** Schedule a maintenance window (one-off or recurring) */
        post: operations["maintenance-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/maintenance-windows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a maintenance window */
        get: operations["maintenance-get"];
        put?: never;
        post?: never;
        /** Delete a maintenance window (what it held is announced by the next sweep) */
        delete: operations["maintenance-delete"];
        options?: never;
        head?: never;
        /** Change some fields of a maintenance window (targets: the whole new list) */
        patch: operations["maintenance-update"];
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active organization's monitors and services for Prometheus (docs/api-metrics.md) */
        get: operations["orgMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My organizations with my role */
        get: operations["orgs-list"];
        put?: never;
        /** Create an organization */
        post: operations["orgs-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{slug}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members and roles */
        get: operations["orgs-members"];
        put?: never;
        /** Add a registered user */
        post: operations["orgs-addMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{slug}/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member */
        delete: operations["orgs-removeMember"];
        options?: never;
        head?: never;
        /** Change a member's role */
        patch: operations["orgs-changeMember"];
        trace?: never;
    };
    "/orgs/{slug}/security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the organization requires two-factor sign-in */
        get: operations["orgs-security"];
        /** Require two-factor sign-in of the members (owners and admins): members without a second factor get 403 SECOND_FACTOR_ENROLMENT_REQUIRED until they enrol */
        put: operations["orgs-setSecurity"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{slug}/service-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service tokens (never the secret) */
        get: operations["orgs-serviceTokens"];
        put?: never;
        /** Issue a service token (shown once) */
        post: operations["orgs-createServiceToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{slug}/service-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a service token at once */
        delete: operations["orgs-revokeServiceToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{slug}/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's single sign-on (OpenID Connect) settings, without the client secret (owners and admins) */
        get: operations["orgs-sso"];
        /** Configure single sign-on with an OpenID Connect issuer (owners and admins): members are created on first sign-in with the default or mapped role; require_sso refuses the password of members who signed in with it (403 SSO_REQUIRED) */
        put: operations["orgs-setSso"];
        post?: never;
        /** Turn single sign-on off (owners and admins); linked members keep their accounts */
        delete: operations["orgs-removeSso"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active organization (X-Org-Slug or the default) and the caller's capabilities in it */
        get: operations["orgs-current"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ping/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Report a success (the token is the only credential) */
        get: operations["pingGet"];
        put?: never;
        /** Report a success (the token is the only credential) */
        post: operations["pingPost"];
        delete?: never;
        options?: never;
        /** Report a success (the token is the only credential) */
        head: operations["pingHead"];
        patch?: never;
        trace?: never;
    };
    "/ping/{token}/{suffix}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Report a start, a failure, a log note or an exit code */
        get: operations["pingSuffixGet"];
        put?: never;
        /** Report a start, a failure, a log note or an exit code */
        post: operations["pingSuffixPost"];
        delete?: never;
        options?: never;
        /** Report a start, a failure, a log note or an exit code */
        head: operations["pingSuffixHead"];
        patch?: never;
        trace?: never;
    };
    "/probe/leases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lease the probe's due checks (each slot goes to one probe) */
        post: operations["probeAgent-lease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/probe/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a batch of check results */
        post: operations["probeAgent-results"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/probe/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The probe this X-Auth token belongs to (records it as seen) */
        get: operations["probeAgent-self"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/probe/tests/{id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a leased test's result and every assertion's outcome
         * @description The answer of a test handed out with the leases (`tests`), as `POST /services/test` answers it (without probe_id). A test given up (past its expires_at) or not leased to this probe is 404.
         */
        post: operations["probeAgent-testResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/probes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Probe locations: public for platform probes; with credentials also your organizations' private probes
         * @description No credentials needed: without them the platform probes are listed. With a user's access token, also the private probes of the user's organizations; with a service token, those of its organization. Credentials that are sent must be valid (401 otherwise).
         */
        get: operations["probes-list"];
        put?: never;
        /** Register a private probe (Team plan and above); the token is shown once */
        post: operations["probes-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/probes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a probe */
        get: operations["probes-get"];
        put?: never;
        post?: never;
        /** Remove a private probe; its token stops working at once (409 while services use it, unless force=true moves them to the platform probes) */
        delete: operations["probes-delete"];
        options?: never;
        head?: never;
        /** Change a private probe's name or location */
        patch: operations["probes-update"];
        trace?: never;
    };
    "/probes/{id}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new token; the old one is refused at once */
        post: operations["probes-rotateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/probes/health-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fleet health: last seen, checks per minute, lag, version */
        get: operations["probes-healthSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your projects, by order then name */
        get: operations["projects-list"];
        put?: never;
        /** Create a project */
        post: operations["projects-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a project */
        get: operations["projects-get"];
        /** Replace a project (every field required) */
        put: operations["projects-replace"];
        post?: never;
        /** Delete a project; its services stay, unassigned */
        delete: operations["projects-delete"];
        options?: never;
        head?: never;
        /** Change some fields of a project */
        patch: operations["projects-update"];
        trace?: never;
    };
    "/projects/{id}/assign_services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign services (all or nothing) */
        post: operations["projects-assignServices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The services of a project */
        get: operations["projects-services"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/unassign_services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unassign services (JSON body `{service_ids}`; ids not in this project are ignored) */
        delete: operations["projects-unassignServices"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the order of your projects (unknown ids ignored) */
        put: operations["projects-reorder"];
        /** Set the order of your projects (unknown ids ignored) */
        post: operations["projects-reorderPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The service types */
        get: operations["serviceTypes-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-types/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A service type: required fields and defaults */
        get: operations["serviceTypes-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-types/{type}/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** JSON Schema (2020-12) of the type's config */
        get: operations["serviceTypes-schema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your services, filtered and paginated */
        get: operations["services-list"];
        put?: never;
        /** Create a service (status pending) */
        post: operations["services-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a service */
        get: operations["services-get"];
        /** Replace a service (the create body) */
        put: operations["services-replace"];
        post?: never;
        /** Delete a service */
        delete: operations["services-delete"];
        options?: never;
        head?: never;
        /** Change some fields (config is merged) */
        patch: operations["services-update"];
        trace?: never;
    };
    "/services/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent failed checks of a service, newest first */
        get: operations["serviceMetrics-errors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/metrics/response-times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Response-time percentiles of a service, in buckets */
        get: operations["serviceMetrics-responseTimes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/metrics/sparkline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Hourly uptime and response time of the last 24 hours */
        get: operations["serviceMetrics-sparkline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/metrics/uptime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uptime of a service over a period */
        get: operations["serviceMetrics-uptime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/probes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The probes that would check the service, and whether each can serve it
         * @description Its private probes, or the platform probes when it names none; a probe can serve it when it runs the service's type (the types it said at its latest lease), its owner may use it, and its outbound setting did not refuse the target.
         */
        get: operations["services-probes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check the service now, off-schedule, and answer with the result (optional query probe) */
        post: operations["services-run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/screenshots/{result_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A failed browser run's screenshot (JPEG; the latest 5 failed runs of a service keep one) */
        get: operations["services-screenshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/snooze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Snooze notifications until a time or for some minutes
         * @description Exactly one of `until` (within the next 30 days) or `minutes` (1 to 43200). While snoozed, checks go on and incidents open and are recorded, but nothing is notified; an incident still open when the snooze ends is notified then, once.
         */
        post: operations["services-snooze"];
        /** End the snooze now (an open incident it held is notified now) */
        delete: operations["services-unsnooze"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current status of a service */
        get: operations["services-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a configuration once (nothing is stored) and answer each assertion's outcome
         * @description Runs the check of `type` and `config` (as in POST /services) once from a platform probe, with the same outbound guard as its scheduled checks, or from a private probe you may use (`probe`), which checks it through the probe protocol; answers the result with every assertion's outcome. A private probe that does not run the type is a 400 on `probe`; one offline, or that does not answer within the check's timeout + 10 s, is a 409. No service, result or notification is stored or sent. Limited like run-now: one test in flight per account, counted with the account's 60 runs per hour.
         */
        post: operations["services-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** System status: version, database, last sweep, background workers */
        get: operations["system-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's status pages */
        get: operations["statusPages-list"];
        put?: never;
        /** Create a status page */
        post: operations["statusPages-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a status page */
        get: operations["statusPages-get"];
        put?: never;
        post?: never;
        /** Delete a status page (its public URL answers 404 at once) */
        delete: operations["statusPages-delete"];
        options?: never;
        head?: never;
        /** Change some fields of a status page (components: the whole new list) */
        patch: operations["statusPages-update"];
        trace?: never;
    };
    "/status-pages/{id}/custom-domain/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new verification token for the page's pending custom domain (shown in this answer only) */
        post: operations["statusPages-issueDomainToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{id}/custom-domain/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look at the custom domain's _lifeline-challenge TXT record now and answer its verification */
        post: operations["statusPages-verifyDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{id}/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's email subscribers (pending and confirmed) */
        get: operations["statusPages-subscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status-pages/{id}/subscribers/{subscriber_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a subscriber (nothing more is mailed to it) */
        delete: operations["statusPages-removeSubscriber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password; other sessions are revoked */
        post: operations["users-changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the profile */
        get: operations["users-profile"];
        /** Update the profile */
        put: operations["users-updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AssignmentError: {
            error: string;
        };
        Error: {
            error: {
                /** @example VALIDATION_ERROR */
                code: string;
                details?: {
                    [key: string]: string[];
                };
                message: string;
            };
            path: string;
            /** Format: uuid */
            request_id: string;
            /** @example 2026-11-22T10:00:00Z */
            timestamp: string;
        };
        /**
         * Invalid input data error (400)
         * @description The error information
         * @example {
         *       "code": "BAD_REQUEST",
         *       "message": "Invalid input data",
         *       "issues": []
         *     }
         */
        "error.BAD_REQUEST": {
            /**
             * @description The error code
             * @example BAD_REQUEST
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /**
             * @description The error message
             * @example Invalid input data
             */
            message: string;
        };
        /**
         * Insufficient access error (403)
         * @description The error information
         * @example {
         *       "code": "FORBIDDEN",
         *       "message": "Insufficient access",
         *       "issues": []
         *     }
         */
        "error.FORBIDDEN": {
            /**
             * @description The error code
             * @example FORBIDDEN
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /**
             * @description The error message
             * @example Insufficient access
             */
            message: string;
        };
        /**
         * Internal server error error (500)
         * @description The error information
         * @example {
         *       "code": "INTERNAL_SERVER_ERROR",
         *       "message": "Internal server error",
         *       "issues": []
         *     }
         */
        "error.INTERNAL_SERVER_ERROR": {
            /**
             * @description The error code
             * @example INTERNAL_SERVER_ERROR
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /**
             * @description The error message
             * @example Internal server error
             */
            message: string;
        };
        /**
         * Not found error (404)
         * @description The error information
         * @example {
         *       "code": "NOT_FOUND",
         *       "message": "Not found",
         *       "issues": []
         *     }
         */
        "error.NOT_FOUND": {
            /**
             * @description The error code
             * @example NOT_FOUND
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /**
             * @description The error message
             * @example Not found
             */
            message: string;
        };
        /**
         * Authorization not provided error (401)
         * @description The error information
         * @example {
         *       "code": "UNAUTHORIZED",
         *       "message": "Authorization not provided",
         *       "issues": []
         *     }
         */
        "error.UNAUTHORIZED": {
            /**
             * @description The error code
             * @example UNAUTHORIZED
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /**
             * @description The error message
             * @example Authorization not provided
             */
            message: string;
        };
        ProjectError: {
            error: {
                details?: {
                    [key: string]: string[];
                };
                message: string;
            };
        };
        ScheduleError: {
            /** @enum {string} */
            code: "invalid_cron_syntax" | "unresolvable_schedule" | "unknown_timezone" | "invalid_field_type" | "schedule_conflict";
            /** @enum {string} */
            error: "invalid_schedule";
            field: string | null;
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "auditLog-list": {
        parameters: {
            query?: {
                action?: string;
                actor_id?: number;
                actor_type?: "user" | "service_token";
                from?: string;
                limit?: number;
                object_id?: string;
                object_type?: string;
                page?: number;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            action: string;
                            actor: {
                                id: number | null;
                                /** @description The user's email or the token's name, as it was then */
                                label: string;
                                /** @enum {string} */
                                type: "user" | "service_token";
                            };
                            /** @description The client address the change came from */
                            address: string | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            at: string;
                            /** @description The changed fields; a secret is "[changed]", never its value */
                            changes: {
                                [key: string]: unknown;
                            };
                            id: number;
                            object_id: string | null;
                            object_type: string;
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-login": {
        parameters: {
            query?: never;
            header?: {
                "X-Device-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description The device token a previous login answered: this client is a known device, throttled on its own count (docs/limits.md) */
                    "X-Device-Token": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access: string;
                            refresh: string;
                            user: {
                                email: string;
                                first_name: string;
                                id: number;
                                last_name: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-loginSecondFactor": {
        parameters: {
            query?: never;
            header?: {
                "X-Device-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The challenge of the login's 401 SECOND_FACTOR_REQUIRED answer */
                    challenge: string;
                    code?: string;
                    recovery_code?: string;
                    security_key?: {
                        /** @description The challenge token of POST /auth/two-factor/security-keys/challenge (not in a sign-in) */
                        challenge?: string;
                        response: {
                            authenticatorAttachment?: string;
                            clientExtensionResults?: {
                                [key: string]: unknown;
                            };
                            id: string;
                            rawId: string;
                            response: {
                                [key: string]: unknown;
                            };
                            type: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description The device token a previous login answered: this client is a known device, throttled on its own count (docs/limits.md) */
                    "X-Device-Token": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access: string;
                            refresh: string;
                            user: {
                                email: string;
                                first_name: string;
                                id: number;
                                last_name: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            default_org: {
                                name: string;
                                slug: string;
                            } | null;
                            email: string;
                            first_name: string;
                            id: number;
                            last_name: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access: string;
                            refresh: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth-register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    first_name?: string;
                    last_name?: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access: string;
                            refresh: string;
                            user: {
                                email: string;
                                first_name: string;
                                id: number;
                                last_name: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            enabled: boolean;
                            recovery_codes_left: number;
                            security_keys: {
                                created_at: string;
                                id: number;
                                last_used_at: string | null;
                                name: string;
                            }[];
                            totp: boolean;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-regenerateRecoveryCodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    recovery_code?: string;
                    security_key?: {
                        /** @description The challenge token of POST /auth/two-factor/security-keys/challenge (not in a sign-in) */
                        challenge?: string;
                        response: {
                            authenticatorAttachment?: string;
                            clientExtensionResults?: {
                                [key: string]: unknown;
                            };
                            id: string;
                            rawId: string;
                            response: {
                                [key: string]: unknown;
                            };
                            type: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Shown this once; each works once */
                            recovery_codes: string[];
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-registerKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge: string;
                    /** @default  */
                    name?: string;
                    response: {
                        authenticatorAttachment?: string;
                        clientExtensionResults?: {
                            [key: string]: unknown;
                        };
                        id: string;
                        rawId: string;
                        response: {
                            [key: string]: unknown;
                        };
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            id: number;
                            last_used_at: string | null;
                            name: string;
                            recovery_codes: string[];
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-removeKey": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    recovery_code?: string;
                    security_key?: {
                        /** @description The challenge token of POST /auth/two-factor/security-keys/challenge (not in a sign-in) */
                        challenge?: string;
                        response: {
                            authenticatorAttachment?: string;
                            clientExtensionResults?: {
                                [key: string]: unknown;
                            };
                            id: string;
                            rawId: string;
                            response: {
                                [key: string]: unknown;
                            };
                            type: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-keyChallenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            challenge: string;
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-keyRegistrationOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            challenge: string;
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-startTotp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            otpauth_uri: string;
                            /** @description The otpauth URI as a QR code (SVG) */
                            qr_svg: string;
                            /** @description Base32 secret, shown this once */
                            secret: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An authenticator app is already enrolled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-confirmTotp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Shown this once; each works once */
                            recovery_codes: string[];
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "twoFactor-removeTotp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    recovery_code?: string;
                    security_key?: {
                        /** @description The challenge token of POST /auth/two-factor/security-keys/challenge (not in a sign-in) */
                        challenge?: string;
                        response: {
                            authenticatorAttachment?: string;
                            clientExtensionResults?: {
                                [key: string]: unknown;
                            };
                            id: string;
                            rawId: string;
                            response: {
                                [key: string]: unknown;
                            };
                            type: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "badges-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            id: number;
                            label: string;
                            /** @enum {string} */
                            states: "all" | "up_down";
                            target: {
                                id: number;
                                /** @enum {string} */
                                type: "cron_monitor" | "service" | "project";
                            };
                            urls: {
                                /** @description {status, label, uptime_30d} */
                                json: string;
                                /** @description A shields.io endpoint document */
                                shields: string;
                                /** @description up / late / down (unknown: no data yet), cacheable 60 s */
                                svg: string;
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "badges-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cron_monitor_id?: number;
                    /** @description The badge's left text; default: the object's name */
                    label?: string;
                    project_id?: number;
                    service_id?: number;
                    /**
                     * @description all (default): up, late, down; up_down: late shows as up
                     * @enum {string}
                     */
                    states?: "all" | "up_down";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            id: number;
                            label: string;
                            /** @enum {string} */
                            states: "all" | "up_down";
                            target: {
                                id: number;
                                /** @enum {string} */
                                type: "cron_monitor" | "service" | "project";
                            };
                            urls: {
                                /** @description {status, label, uptime_30d} */
                                json: string;
                                /** @description A shields.io endpoint document */
                                shields: string;
                                /** @description up / late / down (unknown: no data yet), cacheable 60 s */
                                svg: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "badges-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    configSchema: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Schema 2020-12 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/schema+json": Record<string, never>;
                };
            };
        };
    };
    "cronMonitors-list": {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
                project?: string;
                search?: string;
                state?: "new" | "up" | "late" | "down" | "paused";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description 5-field crontab expression or one macro (@hourly, @daily, @weekly, @monthly, @yearly, @annually, @midnight); required (and only allowed) when schedule_kind is `cron`
                     * @example 30 2 * * *
                     */
                    cron_expression?: string | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    drift_alerts?: boolean;
                    drift_min_seconds?: number;
                    /** @description Fraction of the rolling median baseline (0.5 = 50 %) */
                    drift_pct?: number;
                    /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                    expected_runs_per_period?: number | null;
                    /** @description Stable id from the managing source (create only) */
                    external_id?: string | null;
                    /** @description A successful run whose log contains one of these fails */
                    failure_keywords?: string[];
                    /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                    failure_rate_pct?: number | null;
                    /** @description The runs the failure rate is taken over (default 10) */
                    failure_rate_window?: number | null;
                    /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                    failure_threshold?: number | null;
                    grace_seconds?: number;
                    icon?: string | null;
                    /** @description Integrations to notify; empty means the organization's default integrations */
                    integration_ids?: number[];
                    /** @description Match keywords case-sensitively (default false) */
                    keywords_case_sensitive?: boolean;
                    /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                    max_runs_per_period?: number | null;
                    max_runtime_seconds?: number | null;
                    /** @description A successful run shorter than this is flagged `too_short` and fails */
                    min_runtime_seconds?: number | null;
                    name: string;
                    paused?: boolean;
                    /** @description Seconds between expected pings; required (and only allowed) when schedule_kind is `period`; minimum 60 */
                    period_seconds?: number | null;
                    /** @description A project you may use, or null */
                    project_id?: number | null;
                    /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                    recovery_threshold?: number | null;
                    /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                    runs_period_seconds?: number | null;
                    /**
                     * @description `period` or `cron`; required on create
                     * @enum {string}
                     */
                    schedule_kind?: "period" | "cron";
                    /** @description Managing source, e.g. `kubernetes` (create only) */
                    source?: string | null;
                    /** @description A successful run whose log contains none of these fails */
                    success_keywords?: string[];
                    suspended?: boolean;
                    /**
                     * @description IANA time zone name (default `UTC`); used in cron mode
                     * @example Europe/Berlin
                     */
                    timezone?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input, or an invalid schedule (schedule error body) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["ScheduleError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description 5-field crontab expression or one macro (@hourly, @daily, @weekly, @monthly, @yearly, @annually, @midnight); required (and only allowed) when schedule_kind is `cron`
                     * @example 30 2 * * *
                     */
                    cron_expression?: string | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    drift_alerts?: boolean;
                    drift_min_seconds?: number;
                    /** @description Fraction of the rolling median baseline (0.5 = 50 %) */
                    drift_pct?: number;
                    /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                    expected_runs_per_period?: number | null;
                    /** @description A successful run whose log contains one of these fails */
                    failure_keywords?: string[];
                    /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                    failure_rate_pct?: number | null;
                    /** @description The runs the failure rate is taken over (default 10) */
                    failure_rate_window?: number | null;
                    /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                    failure_threshold?: number | null;
                    grace_seconds?: number;
                    icon?: string | null;
                    /** @description Integrations to notify; empty means the organization's default integrations */
                    integration_ids?: number[];
                    /** @description Match keywords case-sensitively (default false) */
                    keywords_case_sensitive?: boolean;
                    /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                    max_runs_per_period?: number | null;
                    max_runtime_seconds?: number | null;
                    /** @description A successful run shorter than this is flagged `too_short` and fails */
                    min_runtime_seconds?: number | null;
                    name?: string;
                    paused?: boolean;
                    /** @description Seconds between expected pings; required (and only allowed) when schedule_kind is `period`; minimum 60 */
                    period_seconds?: number | null;
                    /** @description A project you may use, or null */
                    project_id?: number | null;
                    /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                    recovery_threshold?: number | null;
                    /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                    runs_period_seconds?: number | null;
                    /**
                     * @description `period` or `cron`; required on create
                     * @enum {string}
                     */
                    schedule_kind?: "period" | "cron";
                    /** @description A successful run whose log contains none of these fails */
                    success_keywords?: string[];
                    suspended?: boolean;
                    /**
                     * @description IANA time zone name (default `UTC`); used in cron mode
                     * @example Europe/Berlin
                     */
                    timezone?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input, or an invalid schedule (schedule error body) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["ScheduleError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronRuns-reportEvent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "start" | "success" | "fail";
                    exit_code?: number;
                    /** @description Captured output; cut at 102400 bytes; NUL and unpaired surrogates are stored as U+FFFD */
                    log?: string;
                    meta?: {
                        job_name?: string;
                        namespace?: string;
                        reason?: string;
                    };
                    /** Format: uuid */
                    rid?: string;
                    /**
                     * @default kubernetes
                     * @enum {string}
                     */
                    source?: "shell" | "kubernetes" | "api";
                };
            };
        };
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            monitor_id: number;
                            rid: string | null;
                            /** @enum {string} */
                            state: "new" | "up" | "late" | "down" | "paused";
                            status: ("running" | "success" | "fail" | "missed") | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronRuns-list": {
        parameters: {
            query?: {
                flag?: "too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword";
                from?: string;
                limit?: number;
                page?: number;
                status?: "running" | "success" | "fail" | "missed";
                to?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            "@timestamp": string;
                            baseline_ms: number | null;
                            drifted: boolean;
                            duration_ms: number | null;
                            events: {
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                at: string;
                                /** @constant */
                                kind: "log";
                                message: string;
                                rid?: string;
                            }[];
                            exit_code: number | null;
                            finished_at: string | null;
                            /** @description What a run rule found wrong with the run: it failed for it (null: nothing; docs/api-cron-monitors.md) */
                            flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                            /** @description The flag's detail: the failure keyword found */
                            flag_detail: string | null;
                            log_bytes: number;
                            meta: {
                                [key: string]: unknown;
                            } | null;
                            monitor_id: number;
                            overlapped: boolean;
                            rid: string;
                            /** @enum {string} */
                            source: "shell" | "kubernetes" | "api";
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            started_at: string;
                            /** @enum {string} */
                            status: "running" | "success" | "fail" | "missed";
                            truncated: boolean;
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronRuns-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            "@timestamp": string;
                            baseline_ms: number | null;
                            drifted: boolean;
                            duration_ms: number | null;
                            events: {
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                at: string;
                                /** @constant */
                                kind: "log";
                                message: string;
                                rid?: string;
                            }[];
                            exit_code: number | null;
                            finished_at: string | null;
                            /** @description What a run rule found wrong with the run: it failed for it (null: nothing; docs/api-cron-monitors.md) */
                            flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                            /** @description The flag's detail: the failure keyword found */
                            flag_detail: string | null;
                            log_bytes: number;
                            meta: {
                                [key: string]: unknown;
                            } | null;
                            monitor_id: number;
                            overlapped: boolean;
                            rid: string;
                            /** @enum {string} */
                            source: "shell" | "kubernetes" | "api";
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            started_at: string;
                            /** @enum {string} */
                            status: "running" | "success" | "fail" | "missed";
                            truncated: boolean;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronRuns-log": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                rid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw log (empty with X-Log-Bytes 0 when there is none) */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    "Ping-Body-Limit"?: number;
                    /** @description Total captured bytes; 0 means none */
                    "X-Log-Bytes"?: number;
                    "X-Log-Truncated"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; charset=utf-8": string;
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Needs cronmonitor.view */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such run, or its monitor is not in the active organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-snooze": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Snooze for this many minutes from now (1 to 43200) */
                    minutes?: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 instant the snooze ends (within the next 30 days)
                     */
                    until?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-unsnooze": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-rotateToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Average duration of successful runs in the last 7 days */
                            avg_duration_ms: number | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            cron_expression: string | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            /**
                             * @description Alias of state
                             * @enum {string}
                             */
                            display_state: "new" | "up" | "late" | "down" | "paused";
                            drift_alerts: boolean;
                            drift_min_seconds: number;
                            drift_pct: number;
                            /** @description Fewer completed runs than this by the end of a period: a `too_few_runs` incident */
                            expected_runs_per_period: number | null;
                            external_id: string | null;
                            failure_keywords: string[];
                            /** @description Open an incident when at least this percentage of the last failure_rate_window runs failed */
                            failure_rate_pct: number | null;
                            /** @description The runs the failure rate is taken over (default 10) */
                            failure_rate_window: number | null;
                            /** @description Open an incident after this many failed or missed runs in a row (null: 1, the first failure) */
                            failure_threshold: number | null;
                            /** @description With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set) */
                            failures_counted: number | null;
                            grace_seconds: number;
                            icon: string | null;
                            id: number;
                            integration_ids: number[];
                            /** @description Match keywords case-sensitively (default false) */
                            keywords_case_sensitive: boolean;
                            last_ping_at: string | null;
                            last_run_status: ("running" | "success" | "fail" | "missed") | null;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            managed: boolean;
                            /** @description More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails */
                            max_runs_per_period: number | null;
                            max_runtime_seconds: number | null;
                            /** @description A successful run shorter than this is flagged `too_short` and fails */
                            min_runtime_seconds: number | null;
                            name: string;
                            next_expected_at: string | null;
                            /** @description Overlapping runs in the last 7 days */
                            overlap_count: number;
                            paused: boolean;
                            period_seconds: number | null;
                            /** @description 43-character ping credential */
                            ping_token: string;
                            ping_url: string;
                            project_id: number | null;
                            /** @description The last 20 runs, newest first */
                            recent_runs: {
                                /** @description When the run started (for a missed run: the fire time it missed) */
                                at: string;
                                drifted: boolean;
                                /** @description null while running and for missed runs */
                                duration_ms: number | null;
                                /** @description What a run rule found wrong with the run (null: nothing) */
                                flag: ("too_short" | "too_many_runs" | "failure_keyword" | "no_success_keyword") | null;
                                overlapped: boolean;
                                /** @enum {string} */
                                status: "running" | "success" | "fail" | "missed";
                            }[];
                            /** @description Resolve the open incident after this many successful runs in a row (null: 1) */
                            recovery_threshold: number | null;
                            /** @description The period of max_runs_per_period and expected_runs_per_period (default 3600) */
                            runs_period_seconds: number | null;
                            schedule_human: string;
                            /** @enum {string} */
                            schedule_kind: "period" | "cron";
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            source: string | null;
                            /**
                             * @description `paused` while paused or suspended
                             * @enum {string}
                             */
                            state: "new" | "up" | "late" | "down" | "paused";
                            state_since: string | null;
                            success_keywords: string[];
                            suspended: boolean;
                            timezone: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cronMonitors-schedulePreview": {
        parameters: {
            query?: {
                cron?: string;
                from?: string;
                period?: string;
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The next 5 fire times, ISO 8601 with the zone's offset */
                        next: string[];
                        /** @description Human-readable schedule */
                        text: string;
                    };
                };
            };
            /** @description Invalid input, or an invalid schedule (schedule error body) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["ScheduleError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "edgeRemovals-list": {
        parameters: {
            query?: {
                limit?: number;
                object_id?: number;
                object_type?: "cron_monitor" | "service" | "status_page" | "maintenance_window" | "badge";
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            edge: "depends_on" | "status_page_component" | "maintenance_target" | "badge_target" | "project" | "integration";
                            id: number;
                            object_id: number;
                            /** @enum {string} */
                            object_type: "cron_monitor" | "service" | "status_page" | "maintenance_window" | "badge";
                            reason: string;
                            removed_at: string;
                            target_id: number;
                            /** @enum {string} */
                            target_type: "service" | "cron_monitor" | "project" | "integration";
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "system-health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            database: "ok";
                            /** @constant */
                            status: "ok";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "incidents-list": {
        parameters: {
            query?: {
                cron_monitor?: number;
                limit?: number;
                page?: number;
                service?: number;
                status?: "open" | "resolved";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description When someone acknowledged the incident (POST /incidents/{id}/acknowledge) */
                            acknowledged_at: string | null;
                            /** @description Who acknowledged it: the user's email, or `token:<name>` for a service token */
                            acknowledged_by: string | null;
                            cron_monitor: number | null;
                            id: number;
                            /** @enum {string} */
                            kind: "missed" | "failed" | "max_runtime" | "service_down" | "too_short" | "too_many_runs" | "too_few_runs" | "threshold" | "failure_keyword";
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            opened_at: string;
                            /** @description The open incident of a parent (`depends_on`) this one opened under; it was not notified while that parent was down (null: none) */
                            parent_incident_id: number | null;
                            reason: string;
                            resolved_at: string | null;
                            service: number | null;
                            /** @enum {string} */
                            status: "open" | "resolved";
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "incidents-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description When someone acknowledged the incident (POST /incidents/{id}/acknowledge) */
                            acknowledged_at: string | null;
                            /** @description Who acknowledged it: the user's email, or `token:<name>` for a service token */
                            acknowledged_by: string | null;
                            cron_monitor: number | null;
                            id: number;
                            /** @enum {string} */
                            kind: "missed" | "failed" | "max_runtime" | "service_down" | "too_short" | "too_many_runs" | "too_few_runs" | "threshold" | "failure_keyword";
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            opened_at: string;
                            /** @description The open incident of a parent (`depends_on`) this one opened under; it was not notified while that parent was down (null: none) */
                            parent_incident_id: number | null;
                            reason: string;
                            resolved_at: string | null;
                            service: number | null;
                            /** @enum {string} */
                            status: "open" | "resolved";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "incidents-acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description When someone acknowledged the incident (POST /incidents/{id}/acknowledge) */
                            acknowledged_at: string | null;
                            /** @description Who acknowledged it: the user's email, or `token:<name>` for a service token */
                            acknowledged_by: string | null;
                            cron_monitor: number | null;
                            id: number;
                            /** @enum {string} */
                            kind: "missed" | "failed" | "max_runtime" | "service_down" | "too_short" | "too_many_runs" | "too_few_runs" | "threshold" | "failure_keyword";
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            opened_at: string;
                            /** @description The open incident of a parent (`depends_on`) this one opened under; it was not notified while that parent was down (null: none) */
                            parent_incident_id: number | null;
                            reason: string;
                            resolved_at: string | null;
                            service: number | null;
                            /** @enum {string} */
                            status: "open" | "resolved";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The incident is resolved */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "incidents-tree": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The incidents opened under it, at every level (each names its parent_incident_id), oldest first */
                            descendants: {
                                /** @description When someone acknowledged the incident (POST /incidents/{id}/acknowledge) */
                                acknowledged_at: string | null;
                                /** @description Who acknowledged it: the user's email, or `token:<name>` for a service token */
                                acknowledged_by: string | null;
                                cron_monitor: number | null;
                                id: number;
                                /** @enum {string} */
                                kind: "missed" | "failed" | "max_runtime" | "service_down" | "too_short" | "too_many_runs" | "too_few_runs" | "threshold" | "failure_keyword";
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                opened_at: string;
                                /** @description The open incident of a parent (`depends_on`) this one opened under; it was not notified while that parent was down (null: none) */
                                parent_incident_id: number | null;
                                reason: string;
                                resolved_at: string | null;
                                service: number | null;
                                /** @enum {string} */
                                status: "open" | "resolved";
                                /** @description The cron monitor or service the incident is about */
                                subject: {
                                    id: number;
                                    name: string;
                                    /** @enum {string} */
                                    type: "cron_monitor" | "service";
                                };
                            }[];
                            incident: {
                                /** @description When someone acknowledged the incident (POST /incidents/{id}/acknowledge) */
                                acknowledged_at: string | null;
                                /** @description Who acknowledged it: the user's email, or `token:<name>` for a service token */
                                acknowledged_by: string | null;
                                cron_monitor: number | null;
                                id: number;
                                /** @enum {string} */
                                kind: "missed" | "failed" | "max_runtime" | "service_down" | "too_short" | "too_many_runs" | "too_few_runs" | "threshold" | "failure_keyword";
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                opened_at: string;
                                /** @description The open incident of a parent (`depends_on`) this one opened under; it was not notified while that parent was down (null: none) */
                                parent_incident_id: number | null;
                                reason: string;
                                resolved_at: string | null;
                                service: number | null;
                                /** @enum {string} */
                                status: "open" | "resolved";
                                /** @description The cron monitor or service the incident is about */
                                subject: {
                                    id: number;
                                    name: string;
                                    /** @enum {string} */
                                    type: "cron_monitor" | "service";
                                };
                            };
                            /** @description The parent incident (null: none, or not visible to the caller) */
                            parent: {
                                /** @description When someone acknowledged the incident (POST /incidents/{id}/acknowledge) */
                                acknowledged_at: string | null;
                                /** @description Who acknowledged it: the user's email, or `token:<name>` for a service token */
                                acknowledged_by: string | null;
                                cron_monitor: number | null;
                                id: number;
                                /** @enum {string} */
                                kind: "missed" | "failed" | "max_runtime" | "service_down" | "too_short" | "too_many_runs" | "too_few_runs" | "threshold" | "failure_keyword";
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                opened_at: string;
                                /** @description The open incident of a parent (`depends_on`) this one opened under; it was not notified while that parent was down (null: none) */
                                parent_incident_id: number | null;
                                reason: string;
                                resolved_at: string | null;
                                service: number | null;
                                /** @enum {string} */
                                status: "open" | "resolved";
                                /** @description The cron monitor or service the incident is about */
                                subject: {
                                    id: number;
                                    name: string;
                                    /** @enum {string} */
                                    type: "cron_monitor" | "service";
                                };
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "incidentUpdates-list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            incident_id: number;
                            message: string;
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "incidentUpdates-create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                    /** @enum {string} */
                    status: "investigating" | "identified" | "monitoring" | "resolved";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            incident_id: number;
                            message: string;
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "integrations-list": {
        parameters: {
            query?: {
                kind?: "webhook" | "slack" | "email" | "discord" | "teams" | "google_chat" | "mattermost" | "ntfy" | "gotify" | "telegram" | "pagerduty" | "opsgenie" | "pushover" | "matrix";
                limit?: number;
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The kind's settings, credentials masked (src/shared/notification-kinds/; docs/api-sweeper-notifications.md) */
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description email: the recipient followed the confirmation link (until then nothing but that mail is sent); true for other kinds */
                            confirmed: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            email: string | null;
                            /** @description The events it receives */
                            events: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                            /** @description The receiver refused for good (404, 401, 403...): deliveries are not retried; cleared by the next success */
                            failing: {
                                reason: string;
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                since: string;
                            } | null;
                            id: number;
                            is_default: boolean;
                            /** @enum {string} */
                            kind: "webhook" | "slack" | "email" | "discord" | "teams" | "google_chat" | "mattermost" | "ntfy" | "gotify" | "telegram" | "pagerduty" | "opsgenie" | "pushover" | "matrix";
                            name: string;
                            /** @description Minutes between incident.reminder notifications (sent when events includes incident.reminder); null: none */
                            repeat_minutes: number | null;
                            /** @description webhook: the signing secret, masked (****f3Qa); in full only once, in the answer of the create or PATCH that generated it */
                            secret?: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                            /** @description webhook and slack: masked, a credential (scheme, host and last 4 characters: https://hooks.slack.com/…/****CRET) */
                            url: string | null;
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "integrations-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    config?: {
                        /** @description A custom body with {{placeholders}}, JSON-escaped when the template is JSON; the standard JSON payload when omitted */
                        body_template?: string;
                        /** @description HMAC-SHA256 signing key */
                        secret?: string;
                        /**
                         * Format: uri
                         * @description Where the POST goes (also accepted top-level)
                         */
                        url?: string;
                    };
                    /**
                     * Format: email
                     * @description email: the recipient
                     */
                    email?: string;
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "webhook";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                    /** @description webhook: the HMAC-SHA256 signing key; generated when omitted */
                    secret?: string;
                    /**
                     * Format: uri
                     * @description webhook: where the JSON POST goes; slack: the incoming-webhook URL
                     */
                    url?: string;
                } | {
                    config?: {
                        /**
                         * Format: uri
                         * @description The incoming-webhook URL (also accepted top-level)
                         */
                        url?: string;
                    };
                    /**
                     * Format: email
                     * @description email: the recipient
                     */
                    email?: string;
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "slack";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                    /** @description webhook: the HMAC-SHA256 signing key; generated when omitted */
                    secret?: string;
                    /**
                     * Format: uri
                     * @description webhook: where the JSON POST goes; slack: the incoming-webhook URL
                     */
                    url?: string;
                } | {
                    config?: {
                        /**
                         * Format: email
                         * @description The recipient (also accepted top-level)
                         */
                        email?: string;
                    };
                    /**
                     * Format: email
                     * @description email: the recipient
                     */
                    email?: string;
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "email";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                    /** @description webhook: the HMAC-SHA256 signing key; generated when omitted */
                    secret?: string;
                    /**
                     * Format: uri
                     * @description webhook: where the JSON POST goes; slack: the incoming-webhook URL
                     */
                    url?: string;
                } | {
                    config: {
                        /**
                         * Format: uri
                         * @description The channel's webhook URL (Server settings → Integrations → Webhooks)
                         */
                        url: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "discord";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /**
                         * Format: uri
                         * @description The Workflows webhook URL (a “Post to a channel when a webhook request is received” flow)
                         */
                        url: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "teams";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /**
                         * Format: uri
                         * @description The space's incoming-webhook URL (Apps & integrations → Webhooks)
                         */
                        url: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "google_chat";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /**
                         * Format: uri
                         * @description The incoming-webhook URL (Integrations → Incoming Webhooks)
                         */
                        url: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "mattermost";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /** @description 1 (min) to 5 (max); default 4 for incidents, 3 otherwise */
                        priority?: number;
                        /** @description An access token (sent as Bearer) */
                        token?: string;
                        /** @description The topic */
                        topic: string;
                        /**
                         * Format: uri
                         * @description The ntfy server, e.g. https://ntfy.sh
                         */
                        url: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "ntfy";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /** @description 0–10; default 8 for incidents, 4 otherwise */
                        priority?: number;
                        /** @description The application token */
                        token: string;
                        /**
                         * Format: uri
                         * @description The Gotify server
                         */
                        url: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "gotify";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /**
                         * Format: uri
                         * @description The service's API root (default https://api.telegram.org): a proxy, a regional endpoint or a test receiver
                         */
                        api_url?: string;
                        /** @description The bot token from @BotFather */
                        bot_token: string;
                        /** @description The chat, group or @channel */
                        chat_id: string;
                        /** @description A forum topic's message_thread_id */
                        thread_id?: number;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "telegram";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /**
                         * Format: uri
                         * @description The service's API root (default https://events.pagerduty.com): a proxy, a regional endpoint or a test receiver
                         */
                        api_url?: string;
                        /** @description The Events API v2 integration (routing) key */
                        routing_key: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "pagerduty";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /** @description The API integration's key (sent as GenieKey) */
                        api_key: string;
                        /**
                         * Format: uri
                         * @description The service's API root (default by region): a proxy, a regional endpoint or a test receiver
                         */
                        api_url?: string;
                        /**
                         * @description us: api.opsgenie.com; eu: api.eu.opsgenie.com
                         * @default us
                         * @enum {string}
                         */
                        region?: "us" | "eu";
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "opsgenie";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /**
                         * Format: uri
                         * @description The service's API root (default https://api.pushover.net): a proxy, a regional endpoint or a test receiver
                         */
                        api_url?: string;
                        /** @description The application's API token */
                        app_token: string;
                        /** @description -2 to 1; default 1 for incidents, 0 otherwise */
                        priority?: number;
                        /** @description The user or group key */
                        user_key: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "pushover";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                } | {
                    config: {
                        /** @description The sending user's access token */
                        access_token: string;
                        /**
                         * Format: uri
                         * @description The homeserver, e.g. https://matrix.org
                         */
                        homeserver_url: string;
                        /** @description The room id (Room settings → Advanced) */
                        room_id: string;
                    };
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /**
                     * @description Notified for monitors whose integration_ids is empty
                     * @default false
                     */
                    is_default?: boolean;
                    /** @enum {string} */
                    kind: "matrix";
                    name: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The kind's settings, credentials masked (src/shared/notification-kinds/; docs/api-sweeper-notifications.md) */
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description email: the recipient followed the confirmation link (until then nothing but that mail is sent); true for other kinds */
                            confirmed: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            email: string | null;
                            /** @description The events it receives */
                            events: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                            /** @description The receiver refused for good (404, 401, 403...): deliveries are not retried; cleared by the next success */
                            failing: {
                                reason: string;
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                since: string;
                            } | null;
                            id: number;
                            is_default: boolean;
                            /** @enum {string} */
                            kind: "webhook" | "slack" | "email" | "discord" | "teams" | "google_chat" | "mattermost" | "ntfy" | "gotify" | "telegram" | "pagerduty" | "opsgenie" | "pushover" | "matrix";
                            name: string;
                            /** @description Minutes between incident.reminder notifications (sent when events includes incident.reminder); null: none */
                            repeat_minutes: number | null;
                            /** @description webhook: the signing secret, masked (****f3Qa); in full only once, in the answer of the create or PATCH that generated it */
                            secret?: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                            /** @description webhook and slack: masked, a credential (scheme, host and last 4 characters: https://hooks.slack.com/…/****CRET) */
                            url: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An email integration, and the organization has 20 awaiting their recipient's confirmation already (docs/limits.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "integrations-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The kind's settings, credentials masked (src/shared/notification-kinds/; docs/api-sweeper-notifications.md) */
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description email: the recipient followed the confirmation link (until then nothing but that mail is sent); true for other kinds */
                            confirmed: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            email: string | null;
                            /** @description The events it receives */
                            events: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                            /** @description The receiver refused for good (404, 401, 403...): deliveries are not retried; cleared by the next success */
                            failing: {
                                reason: string;
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                since: string;
                            } | null;
                            id: number;
                            is_default: boolean;
                            /** @enum {string} */
                            kind: "webhook" | "slack" | "email" | "discord" | "teams" | "google_chat" | "mattermost" | "ntfy" | "gotify" | "telegram" | "pagerduty" | "opsgenie" | "pushover" | "matrix";
                            name: string;
                            /** @description Minutes between incident.reminder notifications (sent when events includes incident.reminder); null: none */
                            repeat_minutes: number | null;
                            /** @description webhook: the signing secret, masked (****f3Qa); in full only once, in the answer of the create or PATCH that generated it */
                            secret?: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                            /** @description webhook and slack: masked, a credential (scheme, host and last 4 characters: https://hooks.slack.com/…/****CRET) */
                            url: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "integrations-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "integrations-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The kind's settings (the same fields as on create): sent fields replace the stored ones; a credential sent back masked keeps the stored one */
                    config?: {
                        [key: string]: unknown;
                    };
                    /**
                     * Format: email
                     * @description email: the recipient
                     */
                    email?: string;
                    /** @description The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent */
                    events?: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                    /** @description Notified for monitors whose integration_ids is empty */
                    is_default?: boolean;
                    name?: string;
                    /** @description Minutes between incident.reminder notifications while an incident stays open and unacknowledged (10–10080); null: no reminders (the default). Reminders are sent only when events includes incident.reminder */
                    repeat_minutes?: number | null;
                    /** @description webhook: replace the signing secret with a generated one (the answer shows it once) */
                    rotate_secret?: boolean;
                    /** @description webhook: a new signing key of your own, 16–256 characters */
                    secret?: string;
                    /**
                     * Format: uri
                     * @description webhook: where the JSON POST goes; slack: the incoming-webhook URL
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The kind's settings, credentials masked (src/shared/notification-kinds/; docs/api-sweeper-notifications.md) */
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description email: the recipient followed the confirmation link (until then nothing but that mail is sent); true for other kinds */
                            confirmed: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            email: string | null;
                            /** @description The events it receives */
                            events: ("incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended")[];
                            /** @description The receiver refused for good (404, 401, 403...): deliveries are not retried; cleared by the next success */
                            failing: {
                                reason: string;
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                since: string;
                            } | null;
                            id: number;
                            is_default: boolean;
                            /** @enum {string} */
                            kind: "webhook" | "slack" | "email" | "discord" | "teams" | "google_chat" | "mattermost" | "ntfy" | "gotify" | "telegram" | "pagerduty" | "opsgenie" | "pushover" | "matrix";
                            name: string;
                            /** @description Minutes between incident.reminder notifications (sent when events includes incident.reminder); null: none */
                            repeat_minutes: number | null;
                            /** @description webhook: the signing secret, masked (****f3Qa); in full only once, in the answer of the create or PATCH that generated it */
                            secret?: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                            /** @description webhook and slack: masked, a credential (scheme, host and last 4 characters: https://hooks.slack.com/…/****CRET) */
                            url: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A confirmed email integration's new address, and the organization has 20 awaiting their recipient's confirmation already (docs/limits.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "integrations-deliveries": {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description 1 to 3 */
                            attempt: number;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            duration_ms: number;
                            error: string | null;
                            /**
                             * @description confirmation: the mail asking an email integration's recipient to confirm the address
                             * @enum {string}
                             */
                            event: "incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended" | "test" | "confirmation";
                            /** @description The notified event (also sent as X-Lifeline-Event-Id); null for tests */
                            event_id: number | null;
                            id: number;
                            integration_id: number;
                            /** @description HTTP status of the receiver (webhook, slack) */
                            response_status: number | null;
                            /** @enum {string} */
                            status: "success" | "failed";
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "integrations-test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The start of the receiver's answer body (at most 500 characters); null for email */
                            answer: string | null;
                            /** @description 1 to 3 */
                            attempt: number;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            duration_ms: number;
                            error: string | null;
                            /**
                             * @description confirmation: the mail asking an email integration's recipient to confirm the address
                             * @enum {string}
                             */
                            event: "incident.opened" | "incident.resolved" | "incident.reminder" | "incident.acknowledged" | "run.drifted" | "maintenance.started" | "maintenance.ended" | "test" | "confirmation";
                            /** @description The notified event (also sent as X-Lifeline-Event-Id); null for tests */
                            event_id: number | null;
                            id: number;
                            integration_id: number;
                            /** @description HTTP status of the receiver (webhook, slack) */
                            response_status: number | null;
                            /** @enum {string} */
                            status: "success" | "failed";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "maintenance-list": {
        parameters: {
            query?: {
                active?: "true" | "false";
                upcoming?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description A run of the window is going on now */
                            active: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            description: string;
                            duration_minutes: number | null;
                            ends_at: string | null;
                            id: number;
                            /** @description The end of that run */
                            next_ends_at: string | null;
                            /** @description The start of the run going on now, else of the next one (null: none left) */
                            next_starts_at: string | null;
                            schedule: string | null;
                            starts_at: string | null;
                            targets: {
                                cron_monitor_ids: number[];
                                project_ids: number[];
                                service_ids: number[];
                            };
                            timezone: string | null;
                            title: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "maintenance-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description Recurring window: how long each run lasts, in real minutes */
                    duration_minutes?: number;
                    /**
                     * Format: date-time
                     * @description One-off window: its end, after starts_at (excluded)
                     */
                    ends_at?: string;
                    /** @description Recurring window: a cron expression (the cron monitors' grammar); each run starts at a fire time */
                    schedule?: string;
                    /**
                     * Format: date-time
                     * @description One-off window: its start (ISO 8601 instant)
                     */
                    starts_at?: string;
                    targets: {
                        /** @description Cron monitors of the organization */
                        cron_monitor_ids?: number[];
                        /** @description Projects: every cron monitor and service in them, present and future */
                        project_ids?: number[];
                        /** @description Services (your own; a service token: those of the organization's members) */
                        service_ids?: number[];
                    };
                    /** @description Recurring window: the IANA time zone of the schedule (default UTC) */
                    timezone?: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description A run of the window is going on now */
                            active: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            description: string;
                            duration_minutes: number | null;
                            ends_at: string | null;
                            id: number;
                            /** @description The end of that run */
                            next_ends_at: string | null;
                            /** @description The start of the run going on now, else of the next one (null: none left) */
                            next_starts_at: string | null;
                            schedule: string | null;
                            starts_at: string | null;
                            targets: {
                                cron_monitor_ids: number[];
                                project_ids: number[];
                                service_ids: number[];
                            };
                            timezone: string | null;
                            title: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "maintenance-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description A run of the window is going on now */
                            active: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            description: string;
                            duration_minutes: number | null;
                            ends_at: string | null;
                            id: number;
                            /** @description The end of that run */
                            next_ends_at: string | null;
                            /** @description The start of the run going on now, else of the next one (null: none left) */
                            next_starts_at: string | null;
                            schedule: string | null;
                            starts_at: string | null;
                            targets: {
                                cron_monitor_ids: number[];
                                project_ids: number[];
                                service_ids: number[];
                            };
                            timezone: string | null;
                            title: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "maintenance-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "maintenance-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    duration_minutes?: number | null;
                    ends_at?: string | null;
                    schedule?: string | null;
                    starts_at?: string | null;
                    /** @description The whole new list of targets */
                    targets?: {
                        /** @description Cron monitors of the organization */
                        cron_monitor_ids?: number[];
                        /** @description Projects: every cron monitor and service in them, present and future */
                        project_ids?: number[];
                        /** @description Services (your own; a service token: those of the organization's members) */
                        service_ids?: number[];
                    };
                    timezone?: string | null;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description A run of the window is going on now */
                            active: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            description: string;
                            duration_minutes: number | null;
                            ends_at: string | null;
                            id: number;
                            /** @description The end of that run */
                            next_ends_at: string | null;
                            /** @description The start of the run going on now, else of the next one (null: none left) */
                            next_starts_at: string | null;
                            schedule: string | null;
                            starts_at: string | null;
                            targets: {
                                cron_monitor_ids: number[];
                                project_ids: number[];
                                service_ids: number[];
                            };
                            timezone: string | null;
                            title: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orgMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format; OpenMetrics 1.0 when Accept names application/openmetrics-text */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/openmetrics-text; version=1.0.0; charset=utf-8": string;
                    "text/plain; version=0.0.4; charset=utf-8": string;
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Needs metrics.read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    "orgs-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            name: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "team" | "scale" | "enterprise";
                            /** @enum {string} */
                            role: "owner" | "admin" | "member" | "viewer";
                            slug: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            name: string;
                            /** @enum {string} */
                            plan: "free" | "pro" | "team" | "scale" | "enterprise";
                            /** @enum {string} */
                            role: "owner" | "admin" | "member" | "viewer";
                            slug: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            first_name: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            joined_at: string;
                            last_name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "member" | "viewer";
                            user_id: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-addMember": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "owner" | "admin" | "member" | "viewer";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            first_name: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            joined_at: string;
                            last_name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "member" | "viewer";
                            user_id: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-removeMember": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-changeMember": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
                user_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "owner" | "admin" | "member" | "viewer";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            first_name: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            joined_at: string;
                            last_name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "member" | "viewer";
                            user_id: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-security": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            require_two_factor: boolean;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-setSecurity": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    require_two_factor: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            require_two_factor: boolean;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-serviceTokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            capabilities: ("cronmonitor.view" | "cronmonitor.create" | "cronmonitor.edit" | "cronmonitor.delete" | "probe.use" | "metrics.read" | "audit.read")[];
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-createServiceToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    capabilities: ("cronmonitor.view" | "cronmonitor.create" | "cronmonitor.edit" | "cronmonitor.delete" | "probe.use" | "metrics.read" | "audit.read")[];
                    name: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            capabilities: ("cronmonitor.view" | "cronmonitor.create" | "cronmonitor.edit" | "cronmonitor.delete" | "probe.use" | "metrics.read" | "audit.read")[];
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            name: string;
                            token: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-revokeServiceToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-sso": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            client_id: string | null;
                            client_secret_set: boolean;
                            /** @enum {string} */
                            default_role: "admin" | "member" | "viewer";
                            /** @description Whether single sign-on is configured */
                            enabled: boolean;
                            issuer: string | null;
                            /** @description Whether the operator's issuer (SSO_ISSUER) signs members in, the organization having no settings of its own */
                            operator_sso: boolean;
                            /** @description The redirect URI to register at the issuer */
                            redirect_uri: string;
                            require_sso: boolean;
                            role_claim: string | null;
                            role_map: {
                                [key: string]: "admin" | "member" | "viewer";
                            };
                            /** @description Where members start a single sign-on sign-in (the dashboard's sign-in page) */
                            sign_in_url: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-setSso": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_id: string;
                    /** @description Needed the first time; omitted, the stored one is kept */
                    client_secret?: string;
                    /**
                     * @default member
                     * @enum {string}
                     */
                    default_role?: "admin" | "member" | "viewer";
                    /** @description The OpenID Connect issuer (its /.well-known/openid-configuration is read) */
                    issuer: string;
                    /** @default false */
                    require_sso?: boolean;
                    /** @description A claim (e.g. groups) whose values map to roles */
                    role_claim?: string | null;
                    /** @description Claim value -> role */
                    role_map?: {
                        [key: string]: "admin" | "member" | "viewer";
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            client_id: string | null;
                            client_secret_set: boolean;
                            /** @enum {string} */
                            default_role: "admin" | "member" | "viewer";
                            /** @description Whether single sign-on is configured */
                            enabled: boolean;
                            issuer: string | null;
                            /** @description Whether the operator's issuer (SSO_ISSUER) signs members in, the organization having no settings of its own */
                            operator_sso: boolean;
                            /** @description The redirect URI to register at the issuer */
                            redirect_uri: string;
                            require_sso: boolean;
                            role_claim: string | null;
                            role_map: {
                                [key: string]: "admin" | "member" | "viewer";
                            };
                            /** @description Where members start a single sign-on sign-in (the dashboard's sign-in page) */
                            sign_in_url: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-removeSso": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "orgs-current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            capabilities: string[];
                            name: string;
                            plan: string;
                            /** @description null when the caller is a service token */
                            role: ("owner" | "admin" | "member" | "viewer") | null;
                            slug: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pingGet: {
        parameters: {
            query?: {
                /** @description Run-correlation id pairing /start with its completion */
                rid?: string;
            };
            header?: never;
            path: {
                /** @description The monitor's ping token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    /** @description The largest body stored as the run log, in bytes */
                    "Ping-Body-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "OK";
                };
            };
            /** @description Not one of the five path forms, or a rid that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unknown or revoked token (no body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description More than 5 pings in a sliding minute for this monitor; the ping is dropped (no body) */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    pingPost: {
        parameters: {
            query?: {
                /** @description Run-correlation id pairing /start with its completion */
                rid?: string;
            };
            header?: never;
            path: {
                /** @description The monitor's ping token */
                token: string;
            };
            cookie?: never;
        };
        /** @description Stored verbatim as the run log (UTF-8; NUL and invalid UTF-8 are stored as U+FFFD), cut at 102400 bytes */
        requestBody?: {
            content: {
                "text/plain": string;
            };
        };
        responses: {
            /** @description Ping accepted */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    /** @description The largest body stored as the run log, in bytes */
                    "Ping-Body-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "OK";
                };
            };
            /** @description Not one of the five path forms, or a rid that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unknown or revoked token (no body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description More than 5 pings in a sliding minute for this monitor; the ping is dropped (no body) */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    pingHead: {
        parameters: {
            query?: {
                /** @description Run-correlation id pairing /start with its completion */
                rid?: string;
            };
            header?: never;
            path: {
                /** @description The monitor's ping token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted (HEAD) */
            204: {
                headers: {
                    "Cache-Control"?: string;
                    /** @description The largest body stored as the run log, in bytes */
                    "Ping-Body-Limit"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not one of the five path forms, or a rid that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unknown or revoked token (no body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description More than 5 pings in a sliding minute for this monitor; the ping is dropped (no body) */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    pingSuffixGet: {
        parameters: {
            query?: {
                /** @description Run-correlation id pairing /start with its completion */
                rid?: string;
            };
            header?: never;
            path: {
                /** @description `start`, `fail`, `log` or an exit code 0-255 (0 is success) */
                suffix: string;
                /** @description The monitor's ping token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    /** @description The largest body stored as the run log, in bytes */
                    "Ping-Body-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "OK";
                };
            };
            /** @description Not one of the five path forms, or a rid that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unknown or revoked token (no body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description More than 5 pings in a sliding minute for this monitor; the ping is dropped (no body) */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    pingSuffixPost: {
        parameters: {
            query?: {
                /** @description Run-correlation id pairing /start with its completion */
                rid?: string;
            };
            header?: never;
            path: {
                /** @description `start`, `fail`, `log` or an exit code 0-255 (0 is success) */
                suffix: string;
                /** @description The monitor's ping token */
                token: string;
            };
            cookie?: never;
        };
        /** @description Stored verbatim as the run log (UTF-8; NUL and invalid UTF-8 are stored as U+FFFD), cut at 102400 bytes */
        requestBody?: {
            content: {
                "text/plain": string;
            };
        };
        responses: {
            /** @description Ping accepted */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    /** @description The largest body stored as the run log, in bytes */
                    "Ping-Body-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": "OK";
                };
            };
            /** @description Not one of the five path forms, or a rid that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unknown or revoked token (no body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description More than 5 pings in a sliding minute for this monitor; the ping is dropped (no body) */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    pingSuffixHead: {
        parameters: {
            query?: {
                /** @description Run-correlation id pairing /start with its completion */
                rid?: string;
            };
            header?: never;
            path: {
                /** @description `start`, `fail`, `log` or an exit code 0-255 (0 is success) */
                suffix: string;
                /** @description The monitor's ping token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted (HEAD) */
            204: {
                headers: {
                    "Cache-Control"?: string;
                    /** @description The largest body stored as the run log, in bytes */
                    "Ping-Body-Limit"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not one of the five path forms, or a rid that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unknown or revoked token (no body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description More than 5 pings in a sliding minute for this monitor; the ping is dropped (no body) */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "probeAgent-lease": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Also lease checks due within this many seconds (the probe starts each at its due instant)
                     * @default 2
                     */
                    lookahead_seconds?: number;
                    /**
                     * @description How many checks the probe can take now
                     * @default 100
                     */
                    max?: number;
                    /** @description The check types this probe can run (a probe without Chromium leaves out browser, one that may not send ICMP ping); checks of other types are left to other probes. Default: every type */
                    types?: ("http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser")[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The service's type and its full config ({type, ...config}; docs/api-checks.md), credentials included */
                            check: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 instant with milliseconds
                             */
                            due_at: string;
                            /** @description 0: the platform probes' pool; else the private probe's id */
                            lane: number;
                            /**
                             * Format: date-time
                             * @description Unreported by then, the check goes to another probe and this result is refused
                             */
                            lease_expires_at: string;
                            service_id: number;
                            /** @description Names this check; the result must echo it */
                            slot: number;
                        }[];
                        /** @description With nothing due: when the probe's next check is due (null: none scheduled); the agent sleeps until then */
                        next_due_at: string | null;
                        /** @description Configurations to test once now (`POST /services/test` on this private probe), of the types the probe runs; report each to /probe/tests/{id}/result */
                        tests: {
                            /** @description The type and full config to test ({type, ...config}; docs/api-checks.md), credentials included */
                            check: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: date-time
                             * @description Unreported by then, the test is given up and its report refused
                             */
                            expires_at: string;
                            /** @description Names the test; the report goes to /probe/tests/{id}/result */
                            id: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probeAgent-results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    results: {
                        /** @default null */
                        certificate_days_left?: number | null;
                        lane: number;
                        /** @enum {string} */
                        outcome: "up" | "down";
                        reason: string | null;
                        response_time_ms: number;
                        /** @description A failed browser check's screenshot: base64 JPEG of at most 200 KB, and the step it failed at */
                        screenshot?: {
                            jpeg: string;
                            step: string;
                        };
                        service_id: number;
                        slot: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 instant with milliseconds
                         */
                        started_at: string;
                        status_code: number | null;
                        /** @description A browser check's timings: the page load (`load`), then each step run */
                        steps?: {
                            ms: number;
                            step: string;
                        }[];
                        /** @default {} */
                        timing?: {
                            connect_ms?: number | null;
                            dns_ms?: number | null;
                            first_byte_ms?: number | null;
                            tls_ms?: number | null;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            accepted: number;
                            refused: {
                                lane: number;
                                reason: string;
                                service_id: number;
                                slot: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probeAgent-self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            /**
                             * @description platform probes check every service that names no probe
                             * @enum {string}
                             */
                            kind: "platform" | "private";
                            last_seen_at: string | null;
                            location: string;
                            name: string;
                            /** @description slug of the owning organization; null for platform probes */
                            org: string | null;
                            /**
                             * @description online: the probe called the API in the last 2 minutes
                             * @enum {string}
                             */
                            status: "online" | "offline";
                            version: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probeAgent-testResult": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every assertion's outcome, in order */
                    assertions: {
                        actual: string;
                        comparison: string;
                        description: string;
                        passed: boolean;
                        property: string | null;
                        source: string;
                        target: (number | string) | null;
                    }[];
                    certificate_days_left: number | null;
                    /** @enum {string} */
                    outcome: "up" | "down";
                    reason: string | null;
                    response_time_ms: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 instant with milliseconds
                     */
                    started_at: string;
                    status_code: number | null;
                    timing: {
                        connect_ms: number | null;
                        dns_ms: number | null;
                        first_byte_ms: number | null;
                        tls_ms: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            accepted: true;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probes-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            /**
                             * @description platform probes check every service that names no probe
                             * @enum {string}
                             */
                            kind: "platform" | "private";
                            last_seen_at: string | null;
                            location: string;
                            name: string;
                            /** @description slug of the owning organization; null for platform probes */
                            org: string | null;
                            /**
                             * @description online: the probe called the API in the last 2 minutes
                             * @enum {string}
                             */
                            status: "online" | "offline";
                            version: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are invalid (send none for the public answer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probes-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    location?: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            /**
                             * @description platform probes check every service that names no probe
                             * @enum {string}
                             */
                            kind: "platform" | "private";
                            last_seen_at: string | null;
                            location: string;
                            name: string;
                            /** @description slug of the owning organization; null for platform probes */
                            org: string | null;
                            /**
                             * @description online: the probe called the API in the last 2 minutes
                             * @enum {string}
                             */
                            status: "online" | "offline";
                            /** @description the 32-character X-Auth token; shown only now */
                            token: string;
                            version: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probes-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            /**
                             * @description platform probes check every service that names no probe
                             * @enum {string}
                             */
                            kind: "platform" | "private";
                            last_seen_at: string | null;
                            location: string;
                            name: string;
                            /** @description slug of the owning organization; null for platform probes */
                            org: string | null;
                            /**
                             * @description online: the probe called the API in the last 2 minutes
                             * @enum {string}
                             */
                            status: "online" | "offline";
                            version: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probes-delete": {
        parameters: {
            query?: {
                force?: "true" | "false";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description The query parameters may be sent instead as a JSON body */
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    force?: "true" | "false";
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Services use the probe (details.services names them, `<id>: <name>`); nothing was deleted. Repeat with force=true to move them to the platform probes */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probes-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    location?: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            /**
                             * @description platform probes check every service that names no probe
                             * @enum {string}
                             */
                            kind: "platform" | "private";
                            last_seen_at: string | null;
                            location: string;
                            name: string;
                            /** @description slug of the owning organization; null for platform probes */
                            org: string | null;
                            /**
                             * @description online: the probe called the API in the last 2 minutes
                             * @enum {string}
                             */
                            status: "online" | "offline";
                            version: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probes-rotateToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            id: number;
                            /**
                             * @description platform probes check every service that names no probe
                             * @enum {string}
                             */
                            kind: "platform" | "private";
                            last_seen_at: string | null;
                            location: string;
                            name: string;
                            /** @description slug of the owning organization; null for platform probes */
                            org: string | null;
                            /**
                             * @description online: the probe called the API in the last 2 minutes
                             * @enum {string}
                             */
                            status: "online" | "offline";
                            /** @description the 32-character X-Auth token; shown only now */
                            token: string;
                            version: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "probes-healthSummary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description results reported in the last 5 minutes, per minute */
                            checks_per_minute: number;
                            id: number;
                            /** @enum {string} */
                            kind: "platform" | "private";
                            /** @description how late its oldest due, unleased check is (0 when none) */
                            lag_seconds: number;
                            last_seen_at: string | null;
                            name: string;
                            /** @description seen in the last 2 minutes */
                            online: boolean;
                            version: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "projects-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            color: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            icon: string;
                            id: number;
                            name: string;
                            order: number;
                            /** @description Number of services assigned */
                            service_count: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description #RRGGBB, normalized to uppercase */
                    color?: string;
                    description?: string;
                    /** @description Icon identifier, no format check */
                    icon?: string;
                    /** @description 1 to 128 characters, unique per user (case-insensitively) */
                    name: string;
                    /** @description Lower values first */
                    order?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            color: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            icon: string;
                            id: number;
                            name: string;
                            order: number;
                            /** @description Number of services assigned */
                            service_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            color: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            icon: string;
                            id: number;
                            name: string;
                            order: number;
                            /** @description Number of services assigned */
                            service_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-replace": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description #RRGGBB, normalized to uppercase */
                    color: string;
                    description: string;
                    /** @description Icon identifier, no format check */
                    icon: string;
                    /** @description 1 to 128 characters, unique per user (case-insensitively) */
                    name: string;
                    /** @description Lower values first */
                    order: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            color: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            icon: string;
                            id: number;
                            name: string;
                            order: number;
                            /** @description Number of services assigned */
                            service_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description #RRGGBB, normalized to uppercase */
                    color?: string;
                    description?: string;
                    /** @description Icon identifier, no format check */
                    icon?: string;
                    /** @description 1 to 128 characters, unique per user (case-insensitively) */
                    name?: string;
                    /** @description Lower values first */
                    order?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            color: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            icon: string;
                            id: number;
                            name: string;
                            order: number;
                            /** @description Number of services assigned */
                            service_count: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-assignServices": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    service_ids: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignmentError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-services": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-unassignServices": {
        parameters: {
            query: {
                service_ids: number[];
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description The query parameters may be sent instead as a JSON body */
        requestBody?: {
            content: {
                "application/json": {
                    service_ids: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignmentError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        id: number;
                        order: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "projects-reorderPost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projects: {
                        id: number;
                        order: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectError"];
                };
            };
        };
    };
    "serviceTypes-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            description: string;
                            name: string;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "serviceTypes-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Defaults of the optional config fields */
                            defaults: {
                                [key: string]: unknown;
                            };
                            description: string;
                            name: string;
                            /** @description Config fields without a default */
                            required_fields: string[];
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "serviceTypes-schema": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-list": {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
                project?: string;
                search?: string;
                status?: "pending" | "operational" | "degraded" | "down" | "paused";
                type?: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    config: {
                        /** @description Status codes accepted, each a code or a range; replaces expected_status_code */
                        accepted_status_codes?: string[];
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /** @description Basic or bearer authentication; the credentials are secrets */
                        auth?: {
                            /** @description Write-only: answers show it masked */
                            password: string;
                            /** @constant */
                            type: "basic";
                            username: string;
                        } | {
                            /** @description Write-only: answers show it masked */
                            token: string;
                            /** @constant */
                            type: "bearer";
                        };
                        /** @description Request body */
                        body?: string;
                        /** @description Degraded when the certificate expires in fewer days than this (default 14) */
                        certificate_warning_days?: number;
                        /** @description Content-Type of the body */
                        content_type?: string;
                        /** @default 200 */
                        expected_status_code?: number;
                        /** @description Follow redirects (default true) */
                        follow_redirects?: boolean;
                        /** @description Request headers */
                        headers?: {
                            [key: string]: string;
                        };
                        /** @description Accept an invalid certificate (default false); days left still count */
                        ignore_tls_errors?: boolean;
                        /** @description Text the response body must contain */
                        keyword?: string;
                        /** @description Redirects followed at most (default 5) */
                        max_redirects?: number;
                        /**
                         * @default GET
                         * @enum {string}
                         */
                        method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                        /**
                         * Format: uri
                         * @description http:// or https:// URL to request
                         */
                        url: string;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "http";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        host: string;
                        port: number;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "tcp";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        name: string;
                        /**
                         * @default A
                         * @enum {string}
                         */
                        record_type?: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "SOA";
                        /** @description DNS server to ask (host:port); the probe's own servers when left out */
                        resolver?: string;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "dns";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /** @description Degraded when the certificate expires in fewer days than this (default 14) */
                        certificate_warning_days?: number;
                        host: string;
                        /** @description Accept an invalid certificate (default false); days left still count */
                        ignore_tls_errors?: boolean;
                        /** @default 443 */
                        port?: number;
                        /** @description Server name sent (default: the host) */
                        sni?: string;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "tls";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        host: string;
                        /** @description With TLS: accept an invalid certificate (default false) */
                        ignore_tls_errors?: boolean;
                        port: number;
                        /**
                         * @description The service whose health is asked (grpc.health.v1 Check); empty: the whole server
                         * @default
                         */
                        service?: string;
                        /** @description With TLS: the server name sent and verified (default: the host) */
                        sni?: string;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                        /**
                         * @description Connect with TLS (default: plaintext)
                         * @default false
                         */
                        tls?: boolean;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "grpc";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /**
                         * @description Echo requests sent, 0.2 s apart
                         * @default 3
                         */
                        count?: number;
                        host: string;
                        /**
                         * @description Seconds for the whole run; a request unanswered by then is lost
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "ping";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /** @description Accept an invalid certificate (default false) */
                        ignore_tls_errors?: boolean;
                        /**
                         * @description Run in order after the page loads
                         * @default []
                         */
                        steps?: ({
                            /** @constant */
                            action: "goto";
                            /** Format: uri */
                            url: string;
                        } | {
                            /** @constant */
                            action: "click";
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector: string;
                        } | {
                            /** @constant */
                            action: "fill";
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector: string;
                            value: string;
                        } | {
                            /** @constant */
                            action: "press";
                            key: string;
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector?: string;
                        } | {
                            /** @constant */
                            action: "wait_for_text";
                            text: string;
                        } | {
                            /** @constant */
                            action: "expect_text";
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector?: string;
                            text: string;
                        } | {
                            /** @constant */
                            action: "expect_url";
                            contains: string;
                        } | {
                            /** @constant */
                            action: "expect_title";
                            contains: string;
                        })[];
                        /**
                         * @description Seconds for the whole check: Chromium's start, the load and every step
                         * @default 30
                         */
                        timeout?: number;
                        /**
                         * Format: uri
                         * @description The page opened first
                         */
                        url: string;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "browser";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-replace": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    config: {
                        /** @description Status codes accepted, each a code or a range; replaces expected_status_code */
                        accepted_status_codes?: string[];
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /** @description Basic or bearer authentication; the credentials are secrets */
                        auth?: {
                            /** @description Write-only: answers show it masked */
                            password: string;
                            /** @constant */
                            type: "basic";
                            username: string;
                        } | {
                            /** @description Write-only: answers show it masked */
                            token: string;
                            /** @constant */
                            type: "bearer";
                        };
                        /** @description Request body */
                        body?: string;
                        /** @description Degraded when the certificate expires in fewer days than this (default 14) */
                        certificate_warning_days?: number;
                        /** @description Content-Type of the body */
                        content_type?: string;
                        /** @default 200 */
                        expected_status_code?: number;
                        /** @description Follow redirects (default true) */
                        follow_redirects?: boolean;
                        /** @description Request headers */
                        headers?: {
                            [key: string]: string;
                        };
                        /** @description Accept an invalid certificate (default false); days left still count */
                        ignore_tls_errors?: boolean;
                        /** @description Text the response body must contain */
                        keyword?: string;
                        /** @description Redirects followed at most (default 5) */
                        max_redirects?: number;
                        /**
                         * @default GET
                         * @enum {string}
                         */
                        method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                        /**
                         * Format: uri
                         * @description http:// or https:// URL to request
                         */
                        url: string;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "http";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        host: string;
                        port: number;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "tcp";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        name: string;
                        /**
                         * @default A
                         * @enum {string}
                         */
                        record_type?: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "SOA";
                        /** @description DNS server to ask (host:port); the probe's own servers when left out */
                        resolver?: string;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "dns";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /** @description Degraded when the certificate expires in fewer days than this (default 14) */
                        certificate_warning_days?: number;
                        host: string;
                        /** @description Accept an invalid certificate (default false); days left still count */
                        ignore_tls_errors?: boolean;
                        /** @default 443 */
                        port?: number;
                        /** @description Server name sent (default: the host) */
                        sni?: string;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "tls";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        host: string;
                        /** @description With TLS: accept an invalid certificate (default false) */
                        ignore_tls_errors?: boolean;
                        port: number;
                        /**
                         * @description The service whose health is asked (grpc.health.v1 Check); empty: the whole server
                         * @default
                         */
                        service?: string;
                        /** @description With TLS: the server name sent and verified (default: the host) */
                        sni?: string;
                        /**
                         * @description Seconds
                         * @default 10
                         */
                        timeout?: number;
                        /**
                         * @description Connect with TLS (default: plaintext)
                         * @default false
                         */
                        tls?: boolean;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "grpc";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /**
                         * @description Echo requests sent, 0.2 s apart
                         * @default 3
                         */
                        count?: number;
                        host: string;
                        /**
                         * @description Seconds for the whole run; a request unanswered by then is lost
                         * @default 10
                         */
                        timeout?: number;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "ping";
                } | {
                    config: {
                        /** @description Every assertion must hold for the check to be up (docs/api-checks.md) */
                        assertions?: {
                            /** @enum {string} */
                            comparison: "equals" | "not_equals" | "less_than" | "greater_than" | "contains" | "not_contains" | "matches" | "is_empty" | "is_not_empty";
                            /** @description JSONPath or JSON Pointer (json_body), header name (header) */
                            property?: string;
                            /** @enum {string} */
                            source: "status_code" | "response_time" | "body" | "json_body" | "header" | "certificate_days_left" | "dns_answer" | "dns_rcode" | "grpc_status" | "packet_loss";
                            /** @description What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty */
                            target?: number | string;
                        }[];
                        /** @description Accept an invalid certificate (default false) */
                        ignore_tls_errors?: boolean;
                        /**
                         * @description Run in order after the page loads
                         * @default []
                         */
                        steps?: ({
                            /** @constant */
                            action: "goto";
                            /** Format: uri */
                            url: string;
                        } | {
                            /** @constant */
                            action: "click";
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector: string;
                        } | {
                            /** @constant */
                            action: "fill";
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector: string;
                            value: string;
                        } | {
                            /** @constant */
                            action: "press";
                            key: string;
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector?: string;
                        } | {
                            /** @constant */
                            action: "wait_for_text";
                            text: string;
                        } | {
                            /** @constant */
                            action: "expect_text";
                            /** @description A Playwright selector: CSS, text=..., role=... */
                            selector?: string;
                            text: string;
                        } | {
                            /** @constant */
                            action: "expect_url";
                            contains: string;
                        } | {
                            /** @constant */
                            action: "expect_title";
                            contains: string;
                        })[];
                        /**
                         * @description Seconds for the whole check: Chromium's start, the load and every step
                         * @default 30
                         */
                        timeout?: number;
                        /**
                         * Format: uri
                         * @description The page opened first
                         */
                        url: string;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type: "browser";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Configuration of the type; its JSON Schema is at GET /service-types/{type}/schema */
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description Responses slower than this many milliseconds make the service `degraded`; null: never */
                    degraded_ms?: number | null;
                    /** @description The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels */
                    depends_on?: {
                        /** @description Cron monitors of the same organization this object depends on */
                        cron_monitor_ids?: number[];
                        /** @description Services of the same organization this object depends on */
                        service_ids?: number[];
                    };
                    /** @description false pauses the service (status `paused`) */
                    enabled?: boolean;
                    /** @description Failed checks in a row, added up across its probes, that take the service down (default 2) */
                    failure_threshold?: number;
                    /** @description Seconds between checks; at least the plan minimum (Free: 300) */
                    interval?: number;
                    name?: string;
                    /** @description Private probes of your organizations that check the service (each checks every slot); empty: the platform probes */
                    probe_ids?: number[];
                    /** @description A project of yours, or null */
                    project_id?: number | null;
                    /** @description Successful checks in a row on a probe that bring a down service back (default 1) */
                    recovery_threshold?: number;
                    /** @enum {string} */
                    type?: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "serviceMetrics-errors": {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            probe_id: number;
                            reason: string | null;
                            response_time_ms: number;
                            /** @description A screenshot of this failed browser run is kept: GET /services/{id}/screenshots/{result id} */
                            screenshot: boolean;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            started_at: string;
                            status_code: number | null;
                            /** @description A browser check's timings: the page load (`load`), then each step run, a failing step last; null for other types */
                            steps: {
                                ms: number;
                                step: string;
                            }[] | null;
                        }[];
                        meta: {
                            limit: number;
                            page: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "serviceMetrics-responseTimes": {
        parameters: {
            query?: {
                period?: "24h" | "7d" | "30d" | "90d";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description 24h: 3600, 7d: 21600, 30d: 86400, 90d: 259200 */
                            bucket_seconds: number;
                            /** @description Fixed count (24, 28, 30, 30), oldest first; the last holds now */
                            buckets: {
                                /** @description Successful checks in the bucket (response figures cover successful checks only) */
                                count: number;
                                /** @description Slowest successful check */
                                max_ms: number | null;
                                /** @description Median response time; null without successful checks */
                                p50_ms: number | null;
                                /** @description 95th percentile response time (nearest rank) */
                                p95_ms: number | null;
                                /** @description Start of the bucket */
                                start: string;
                            }[];
                            period: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "serviceMetrics-sparkline": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description 24 points, one per clock hour (UTC), the current hour last */
                            points: {
                                /** @description Mean response time of the hour's successful checks; null without any */
                                response_ms: number | null;
                                /** @description Start of the clock hour */
                                start: string;
                                /** @description Null when the hour had no checks */
                                uptime_percentage: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "serviceMetrics-uptime": {
        parameters: {
            query?: {
                period?: "24h" | "7d" | "30d" | "90d";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            failed_checks: number;
                            /** @description Checks left out because a maintenance window ran over the service (docs/api-maintenance.md) */
                            maintenance_checks: number;
                            /** @description The period asked for: 24h, 7d, 30d or 90d */
                            period: string;
                            successful_checks: number;
                            /** @description Checks counted: every check of the period but those made while a maintenance window ran over the service */
                            total_checks: number;
                            /** @description Successful checks in percent of the checks counted (maintenance left out), rounded down to 3 decimals; 100 when none were counted */
                            uptime_percentage: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-probes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            can_serve: boolean;
                            /** @description The check types the probe said it runs at its latest lease; null: it has not said (it runs every type) */
                            check_types: string[] | null;
                            id: number;
                            /** @enum {string} */
                            kind: "platform" | "private";
                            last_seen_at: string | null;
                            location: string;
                            name: string;
                            /** @description Why it cannot serve the service; null when it can */
                            reason: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A probe that checks this service (default: the platform probe, or its first private probe) */
                    probe?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            certificate_days_left: number | null;
                            /** @enum {string} */
                            outcome: "up" | "down";
                            probe_id: number;
                            reason: string | null;
                            response_time_ms: number;
                            service_id: number;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            started_at: string;
                            /**
                             * @description The service's status after this result
                             * @enum {string}
                             */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            status_code: number | null;
                            /** @description A browser check's timings: the page load (`load`), then each step run, a failing step last; null for other types */
                            steps: {
                                ms: number;
                                step: string;
                            }[] | null;
                            timing: {
                                connect_ms: number | null;
                                dns_ms: number | null;
                                first_byte_ms: number | null;
                                tls_ms: number | null;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description The failed result's id (GET /services/{id}/errors: an error with screenshot true) */
                result_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The viewport as JPEG, at most 200 KB */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another account's service, or no screenshot kept for this result */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-snooze": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Snooze for this many minutes from now (1 to 43200) */
                    minutes?: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 instant the snooze ends (within the next 30 days)
                     */
                    until?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-unsnooze": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            config: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            created_at: string;
                            /** @description Same instant as created_at (both naming forms appear in the spec) */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            degraded_ms: number | null;
                            /** @description The parents this object depends on (`depends_on`), ids ascending */
                            depends_on: {
                                cron_monitor_ids: number[];
                                service_ids: number[];
                            };
                            enabled: boolean;
                            failure_threshold: number;
                            id: number;
                            interval: number;
                            /** @description The maintenance window running over the object now (the one ending last), or null */
                            maintenance: {
                                /** @description When the window's run ends: notifications resume then */
                                ends_at: string;
                                window_id: number;
                            } | null;
                            name: string;
                            /** @description The private probes that check it; empty: the platform probes */
                            probe_ids: number[];
                            /** @description Summary of the project, null when unassigned */
                            project: {
                                color: string;
                                icon: string;
                                id: number;
                                name: string;
                            } | null;
                            project_id: number | null;
                            recovery_threshold: number;
                            /** @description While snoozed, incidents open but notify nobody until this instant (null: not snoozed) */
                            snoozed_until: string | null;
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            /** @description Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused */
                            status_reason: string | null;
                            /** @description When the status last changed (null: never checked) */
                            status_since: string | null;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            enabled: boolean;
                            id: number;
                            /** @description When the latest check result arrived */
                            last_check_at: string | null;
                            /** @description Each probe lane's latest result and next check */
                            probes: {
                                checked_at: string | null;
                                consecutive_failures: number;
                                next_check_at: string | null;
                                /** @description The latest failure is the probe's own outbound setting refusing the target (OUTBOUND_ALLOW_PRIVATE), not the target failing */
                                outbound_refused: boolean;
                                outcome: ("up" | "down") | null;
                                /** @description null: the platform probes */
                                probe_id: number | null;
                                /** @description Why the lane's latest check failed; null while up */
                                reason: string | null;
                                response_time_ms: number | null;
                            }[];
                            /** @enum {string} */
                            status: "pending" | "operational" | "degraded" | "down" | "paused";
                            status_reason: string | null;
                            status_since: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "services-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Configuration of the type; its JSON Schema is at GET /service-types/{type}/schema */
                    config: {
                        [key: string]: unknown;
                    };
                    /** @description The probe that runs the test: a platform probe, or a private probe you may use (probe.use in its organization) that runs the type and is online (default: the first platform probe) */
                    probe?: number;
                    /** @description A service of yours being edited: masked secrets in `config` stand for its stored ones */
                    service_id?: number;
                    /** @enum {string} */
                    type: "http" | "tcp" | "dns" | "tls" | "grpc" | "ping" | "browser";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Each assertion of the config, in order; empty when the check failed before it saw an answer */
                            assertions: {
                                /** @description What the check saw, as shown in reasons (`"DOWN"`, `missing`, `not JSON`) */
                                actual: string;
                                comparison: string;
                                /** @description The assertion in words with what was seen: `$.status was "DOWN", wanted "UP"` */
                                description: string;
                                passed: boolean;
                                property: string | null;
                                source: string;
                                target: number | string | null;
                            }[];
                            certificate_days_left: number | null;
                            /** @enum {string} */
                            outcome: "up" | "down";
                            probe_id: number;
                            reason: string | null;
                            response_time_ms: number;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            started_at: string;
                            status_code: number | null;
                            timing: {
                                connect_ms: number | null;
                                dns_ms: number | null;
                                first_byte_ms: number | null;
                                tls_ms: number | null;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "system-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            database: "sqlite" | "postgresql";
                            last_sweep: {
                                /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                at: string;
                                counts: {
                                    [key: string]: number;
                                };
                                duration_ms: number;
                            } | null;
                            version: string;
                            workers: {
                                /** @description SQLite's WAL checkpoints, run by the sweeper processes and read from their heartbeats: not_started (with error) when no live sweeper runs them, and on PostgreSQL */
                                checkpointer: {
                                    error?: string;
                                    /** @enum {string} */
                                    state: "starting" | "running" | "failed" | "not_started";
                                };
                                /** @description missing: enabled services wait on the platform probes and none has been seen for 3 minutes */
                                platform_probe: {
                                    last_seen_at: string | null;
                                    message: string | null;
                                    /** @enum {string} */
                                    state: "running" | "missing" | "not_needed";
                                };
                                sweeper: {
                                    /** @description The sweeper processes alive now */
                                    instances: {
                                        host: string;
                                        /** @description The sweeper process's own id (random, per process) */
                                        id: string;
                                        /** @enum {string} */
                                        mode: "loop" | "once";
                                        pid: number;
                                        /** @description Its latest heartbeat */
                                        seen_at: string;
                                        /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                                        started_at: string;
                                    }[];
                                    /** @description The last sweep any sweeper recorded */
                                    last_sweep_at: string | null;
                                    /**
                                     * @description From the live sweeper processes' heartbeats: not_started when none is alive, starting until the first sweep, late when sweeps stop landing
                                     * @enum {string}
                                     */
                                    state: "starting" | "running" | "late" | "not_started";
                                };
                            };
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            components: {
                                display_name: string | null;
                                group: string | null;
                                id: number;
                                /** @description The object's own name, null for a service the caller cannot see (the public page shows display_name, else this name) */
                                name: string | null;
                                /** @enum {string} */
                                type: "cron_monitor" | "service";
                            }[];
                            custom_domain: string | null;
                            /** @description null without a custom domain; the domain serves the page only once verified */
                            custom_domain_verification: {
                                /** @description The latest look at the record */
                                checked_at: string | null;
                                domain: string;
                                /** @description Why the latest check did not verify: the record does not hold this page's token, the page serving the domain still has its token there too, or the lookup failed */
                                error: ("token_not_found" | "held_by_another" | "lookup_failed") | null;
                                /** @description The sweeper's next look (null: only when asked) */
                                next_check_at: string | null;
                                /** @description The TXT record to create: _lifeline-challenge.<domain> */
                                record_name: string;
                                /** @constant */
                                record_type: "TXT";
                                /** @description The record's value (the page's token): only in the answer that issued it, null afterwards */
                                record_value: string | null;
                                /**
                                 * @description verified: the page is served at the domain; pending: the domain serves nothing
                                 * @enum {string}
                                 */
                                status: "pending" | "verified";
                                /** @description false: no token yet (a domain set before verification existed); issue one with POST .../custom-domain/token */
                                token_issued: boolean;
                                verified_at: string | null;
                            } | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            has_password: boolean;
                            id: number;
                            show_uptime: boolean;
                            slug: string;
                            title: string;
                            /** @description The public page */
                            url: string;
                            /** @enum {string} */
                            visibility: "public" | "password" | "members";
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description In display order */
                    components?: {
                        cron_monitor_id?: number;
                        /** @description Shown instead of the object's name */
                        display_name?: string | null;
                        /** @description A named group; groups appear in order of first use */
                        group?: string | null;
                        service_id?: number;
                    }[];
                    custom_domain?: string | null;
                    description?: string;
                    /** @description Write-only; required with visibility password */
                    password?: string;
                    show_uptime?: boolean;
                    slug: string;
                    title: string;
                    /** @enum {string} */
                    visibility?: "public" | "password" | "members";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            components: {
                                display_name: string | null;
                                group: string | null;
                                id: number;
                                /** @description The object's own name, null for a service the caller cannot see (the public page shows display_name, else this name) */
                                name: string | null;
                                /** @enum {string} */
                                type: "cron_monitor" | "service";
                            }[];
                            custom_domain: string | null;
                            /** @description null without a custom domain; the domain serves the page only once verified */
                            custom_domain_verification: {
                                /** @description The latest look at the record */
                                checked_at: string | null;
                                domain: string;
                                /** @description Why the latest check did not verify: the record does not hold this page's token, the page serving the domain still has its token there too, or the lookup failed */
                                error: ("token_not_found" | "held_by_another" | "lookup_failed") | null;
                                /** @description The sweeper's next look (null: only when asked) */
                                next_check_at: string | null;
                                /** @description The TXT record to create: _lifeline-challenge.<domain> */
                                record_name: string;
                                /** @constant */
                                record_type: "TXT";
                                /** @description The record's value (the page's token): only in the answer that issued it, null afterwards */
                                record_value: string | null;
                                /**
                                 * @description verified: the page is served at the domain; pending: the domain serves nothing
                                 * @enum {string}
                                 */
                                status: "pending" | "verified";
                                /** @description false: no token yet (a domain set before verification existed); issue one with POST .../custom-domain/token */
                                token_issued: boolean;
                                verified_at: string | null;
                            } | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            has_password: boolean;
                            id: number;
                            show_uptime: boolean;
                            slug: string;
                            title: string;
                            /** @description The public page */
                            url: string;
                            /** @enum {string} */
                            visibility: "public" | "password" | "members";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The slug is taken (a custom domain is never refused as taken: it serves only once verified) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            components: {
                                display_name: string | null;
                                group: string | null;
                                id: number;
                                /** @description The object's own name, null for a service the caller cannot see (the public page shows display_name, else this name) */
                                name: string | null;
                                /** @enum {string} */
                                type: "cron_monitor" | "service";
                            }[];
                            custom_domain: string | null;
                            /** @description null without a custom domain; the domain serves the page only once verified */
                            custom_domain_verification: {
                                /** @description The latest look at the record */
                                checked_at: string | null;
                                domain: string;
                                /** @description Why the latest check did not verify: the record does not hold this page's token, the page serving the domain still has its token there too, or the lookup failed */
                                error: ("token_not_found" | "held_by_another" | "lookup_failed") | null;
                                /** @description The sweeper's next look (null: only when asked) */
                                next_check_at: string | null;
                                /** @description The TXT record to create: _lifeline-challenge.<domain> */
                                record_name: string;
                                /** @constant */
                                record_type: "TXT";
                                /** @description The record's value (the page's token): only in the answer that issued it, null afterwards */
                                record_value: string | null;
                                /**
                                 * @description verified: the page is served at the domain; pending: the domain serves nothing
                                 * @enum {string}
                                 */
                                status: "pending" | "verified";
                                /** @description false: no token yet (a domain set before verification existed); issue one with POST .../custom-domain/token */
                                token_issued: boolean;
                                verified_at: string | null;
                            } | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            has_password: boolean;
                            id: number;
                            show_uptime: boolean;
                            slug: string;
                            title: string;
                            /** @description The public page */
                            url: string;
                            /** @enum {string} */
                            visibility: "public" | "password" | "members";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description In display order */
                    components?: {
                        cron_monitor_id?: number;
                        /** @description Shown instead of the object's name */
                        display_name?: string | null;
                        /** @description A named group; groups appear in order of first use */
                        group?: string | null;
                        service_id?: number;
                    }[];
                    custom_domain?: string | null;
                    description?: string;
                    /** @description Write-only; required with visibility password */
                    password?: string;
                    show_uptime?: boolean;
                    slug?: string;
                    title?: string;
                    /** @enum {string} */
                    visibility?: "public" | "password" | "members";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            components: {
                                display_name: string | null;
                                group: string | null;
                                id: number;
                                /** @description The object's own name, null for a service the caller cannot see (the public page shows display_name, else this name) */
                                name: string | null;
                                /** @enum {string} */
                                type: "cron_monitor" | "service";
                            }[];
                            custom_domain: string | null;
                            /** @description null without a custom domain; the domain serves the page only once verified */
                            custom_domain_verification: {
                                /** @description The latest look at the record */
                                checked_at: string | null;
                                domain: string;
                                /** @description Why the latest check did not verify: the record does not hold this page's token, the page serving the domain still has its token there too, or the lookup failed */
                                error: ("token_not_found" | "held_by_another" | "lookup_failed") | null;
                                /** @description The sweeper's next look (null: only when asked) */
                                next_check_at: string | null;
                                /** @description The TXT record to create: _lifeline-challenge.<domain> */
                                record_name: string;
                                /** @constant */
                                record_type: "TXT";
                                /** @description The record's value (the page's token): only in the answer that issued it, null afterwards */
                                record_value: string | null;
                                /**
                                 * @description verified: the page is served at the domain; pending: the domain serves nothing
                                 * @enum {string}
                                 */
                                status: "pending" | "verified";
                                /** @description false: no token yet (a domain set before verification existed); issue one with POST .../custom-domain/token */
                                token_issued: boolean;
                                verified_at: string | null;
                            } | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_modified: string;
                            description: string;
                            has_password: boolean;
                            id: number;
                            show_uptime: boolean;
                            slug: string;
                            title: string;
                            /** @description The public page */
                            url: string;
                            /** @enum {string} */
                            visibility: "public" | "password" | "members";
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The slug is taken (a custom domain is never refused as taken: it serves only once verified) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-issueDomainToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The latest look at the record */
                            checked_at: string | null;
                            domain: string;
                            /** @description Why the latest check did not verify: the record does not hold this page's token, the page serving the domain still has its token there too, or the lookup failed */
                            error: ("token_not_found" | "held_by_another" | "lookup_failed") | null;
                            /** @description The sweeper's next look (null: only when asked) */
                            next_check_at: string | null;
                            /** @description The TXT record to create: _lifeline-challenge.<domain> */
                            record_name: string;
                            /** @constant */
                            record_type: "TXT";
                            /** @description The record's value (the page's token): only in the answer that issued it, null afterwards */
                            record_value: string | null;
                            /**
                             * @description verified: the page is served at the domain; pending: the domain serves nothing
                             * @enum {string}
                             */
                            status: "pending" | "verified";
                            /** @description false: no token yet (a domain set before verification existed); issue one with POST .../custom-domain/token */
                            token_issued: boolean;
                            verified_at: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The page has no custom domain, or its domain is verified */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-verifyDomain": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The latest look at the record */
                            checked_at: string | null;
                            domain: string;
                            /** @description Why the latest check did not verify: the record does not hold this page's token, the page serving the domain still has its token there too, or the lookup failed */
                            error: ("token_not_found" | "held_by_another" | "lookup_failed") | null;
                            /** @description The sweeper's next look (null: only when asked) */
                            next_check_at: string | null;
                            /** @description The TXT record to create: _lifeline-challenge.<domain> */
                            record_name: string;
                            /** @constant */
                            record_type: "TXT";
                            /** @description The record's value (the page's token): only in the answer that issued it, null afterwards */
                            record_value: string | null;
                            /**
                             * @description verified: the page is served at the domain; pending: the domain serves nothing
                             * @enum {string}
                             */
                            status: "pending" | "verified";
                            /** @description false: no token yet (a domain set before verification existed); issue one with POST .../custom-domain/token */
                            token_issued: boolean;
                            verified_at: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The page has no custom domain, or no token was issued for it yet */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            confirmed_at: string | null;
                            /** @description ISO 8601 UTC timestamp, YYYY-MM-DDTHH:MM:SSZ */
                            date_created: string;
                            email: string;
                            id: number;
                            /**
                             * @description pending: the confirmation link was not followed yet; nothing is mailed
                             * @enum {string}
                             */
                            status: "pending" | "confirmed";
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "statusPages-removeSubscriber": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                subscriber_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-changePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit is used up (docs/limits.md); retry after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            first_name: string;
                            id: number;
                            last_name: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users-updateProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name?: string;
                    last_name?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            first_name: string;
                            id: number;
                            last_name: string;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient permissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
