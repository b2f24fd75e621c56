// Generated from the services' route definitions by `npm run client:generate`; do not edit.
// test/unit/openapi/document.test.ts fails when this file no longer matches the routes.

export type paths = {
  '/.well-known/oauth-authorization-server': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Authorization-server metadata (RFC 8414)
     * @description Issuer, endpoints, the scope catalogue, PKCE `S256` only, `authorization_code` and `refresh_token`, the `iss` response parameter (RFC 9207) and Client ID Metadata Documents. No key needed.
     */
    get: operations['getAuthorizationServerMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-protected-resource': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Protected-resource metadata of the API (RFC 9728) */
    get: operations['getApiResourceMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-protected-resource/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Protected-resource metadata of `/mcp` (RFC 9728)
     * @description Named by every 401 of the gateway (`WWW-Authenticate: Bearer resource_metadata="…"`): where an MCP client starts its authorization.
     */
    get: operations['getMcpResourceMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a client dynamically (RFC 7591)
     * @description For clients without a Client ID Metadata Document (an HTTPS `client_id` Momentum fetches itself). Public clients only: no secret is issued. The consent page says such a client’s name is its own claim.
     */
    post: operations['registerOAuthClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/authorize': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The consent page: sign in with a key, then allow or deny
     * @description OAuth 2.1 authorization request with PKCE (`S256`) and `resource` (RFC 8707). An unknown client or a redirect URI it did not register is an error page, never a redirect; any other problem goes back to the client as `error`, with `state` and `iss`. A page without script, under a strict CSP; a CSRF cookie is set.
     */
    get: operations['authorize'];
    put?: never;
    /**
     * The consent forms: sign in, then the decision
     * @description Posted by the pages of `GET /oauth/authorize` (same-origin, with the CSRF field matching its cookie). Signing in (`key`) shows what the client asks for: scopes to narrow, and whom to act as (the person or one of their agents). The decision (`decision=allow|deny`) redirects back with `code` or `error=access_denied`, `state` and `iss`. The key is never placed in a page nor sent to the client.
     */
    post: operations['consent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Tokens: code, refresh, or exchange (RFC 8693) for the MCP servers
     * @description `authorization_code`: `code`, `client_id`, `redirect_uri`, `code_verifier` (PKCE), optional `resource`. `refresh_token`: `refresh_token`, `client_id`; the refresh token rotates, and one presented after it was used revokes the whole grant. `urn:ietf:params:oauth:grant-type:token-exchange`: for Momentum’s standalone MCP servers only (HTTP Basic with OAUTH_EXCHANGE_SECRET), a token issued for one of them exchanged for a token for this gateway.
     */
    post: operations['token'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a token (RFC 7009): its whole grant ends */
    post: operations['revokeToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The gateway process is alive
     * @description Liveness: asks nothing of the services or NATS (see `/ready`). No key needed, never rate limited.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness of the gateway and every service
     * @description Ready while the gateway reaches NATS, whatever the services say: the body reports each service (`ok` when it answers its own `/ready`: its database and NATS reachable), and a service that is down makes only its own paths answer 503 with Retry-After, so no load balancer takes every gateway out for it. No key needed, never rate limited: load balancers and probes poll it.
     */
    get: operations['getReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI 3.1 document
     * @description Merged from every service’s own document. No key needed.
     */
    get: operations['getOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller’s live events (Server-Sent Events)
     * @description A `text/event-stream` of the caller’s inbox (`event: notification`, its `data` the notification as the inbox lists it) and of the domain events they may see — their own tasks, level and agents, and the issues, comments, blockers, projects and memberships of their teams as memberships stand at each event — each `data` in the envelope webhooks deliver (`{type, timestamp, data}`, the event catalogue’s fields).
     *
     *     - **Types**: `?types=notification,issue.updated` (comma-separated; `GET /api/webhooks/event-types` lists the domain types); an unknown type is 422. Each type needs the read scope its REST read needs (`notification`: `notifications:read`, `issue.*`/`comment.*`/`blocker.*`: `issues:read`, `task.*`: `tasks:read`, `project.*`: `projects:read`, `membership.*`: `teams:read`, `agent.*`: `agents:read`, `user.leveled_up`: `profile:read`); naming one the key lacks is 403 with `details.requiredScope`, and without `?types=` the stream carries every type the key may read.
     *     - **Ids and resuming**: a new stream starts with what happens from then on, its first frame an `id:` alone (where it starts). Every event has an `id`; reconnecting with `Last-Event-ID` replays every later event the stream still holds (at least 24 hours), once each, in order, on any gateway replica. A cursor older than that, or unknown, gets `event: reset` first (refetch, then carry on live).
     *     - **Heartbeat**: a `: heartbeat` comment every 15 s (`EVENTS_HEARTBEAT_MS`, at most 30 s).
     *     - **Bounds**: 5 open streams per key on each gateway (`EVENTS_MAX_STREAMS_PER_KEY`; 429 past it); a client more than 1,000 events behind (`EVENTS_QUEUE_MAX`) is dropped, and resumes with `Last-Event-ID`.
     *     - **Access as it changes**: removal from a team stops that team’s events from the removal on; a revoked or expired key, or a deactivated agent, ends the stream.
     *     - **Browsers**: `EventSource` sends no header, so this route alone also takes the key as `?access_token=` (query strings are never logged); give a page a short-lived read-only key.
     */
    get: operations['streamEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/avatars/{kind}/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An avatar: the initials on a colour drawn from the id (SVG)
     * @description Where every `avatar` field points (`/api/avatars/user/<id>.svg?initials=AL`, relative to the API’s origin). Drawn from the URL alone — the id gives the colour, `initials` the letters — so it needs no key (an `<img>` sends none) and shows nothing the URL does not. A new name is a new URL: cached a year (`immutable`), with an `ETag` (`If-None-Match` gets 304). Static SVG: no script, no external reference, a CSP of its own.
     */
    get: operations['getAvatar'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The in-app MCP endpoint (Streamable HTTP), same bearer key as REST
     * @description The in-app tools, the resources `momentum://inbox`, `momentum://tasks/{id}` and `momentum://projects/{id}`, and the prompts `triage_inbox`, `plan_my_day` and `write_up_issue`. Each call acts as the key’s user or agent. An `initialize` request opens a session (`Mcp-Session-Id` in the reply): send it back with every request, and `GET /mcp` with it opens the session’s stream, which carries `notifications/resources/updated` for what `resources/subscribe` named. Sessions live in the gateway process that opened them: a load balancer must send every request carrying an `Mcp-Session-Id` to the replica that answered its `initialize` (docs/API.md); another replica answers 404 (`-32001`), and the client opens a new session. A request without `Mcp-Session-Id` is answered stateless, in JSON; GET and DELETE without one are 405.
     */
    post: operations['callMcp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who the caller acts as
     * @description Users add `email`, `level` and `xp`; agents add `ownerId` and `teamId` (their own team). `scopes` and `expiresAt` are the calling key’s. Every valid key may call this, whatever its scopes: it is how a client learns what the key may do.
     */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every user of the instance, by name (instance admins)
     * @description `q` matches the start of a name (any of its words) or of an email, in any case; `active=false` lists the deactivated.
     */
    get: operations['listUsers'];
    put?: never;
    /**
     * Create a user and their first API key (admin only)
     * @description The key is shown this once; only its hash is stored.
     */
    post: operations['createUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the caller's keys: name, scopes, expiry, last use (never the keys)
     * @description Revoked keys are left out; expired ones stay listed (with their `expiresAt`) until revoked. `lastUsedAt` is updated at most once a minute per key.
     */
    get: operations['listMyApiKeys'];
    put?: never;
    /**
     * Create an extra API key for the caller; shown once
     * @description The optional body names the key and limits it: `scopes` from the catalogue (an unknown one is 422; omitted, the calling key’s own) and `expiresAt` (future, else 422; omitted, never, or when the calling key expires). A key never grants more than it holds: a scope it lacks or a later expiry is 403.
     */
    post: operations['createMyApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke one of the caller’s keys, at once */
    delete: operations['revokeMyApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete the caller's account and erase their data
     * @description Every key is revoked and every membership ended before the reply (the key that asked stops working), then each service erases its part; team content (issues, comments, activity) stays, attributed to "Deleted user". 202 with the deletion record: an instance admin follows it at `GET /api/users/:id/deletion`. 409 while the caller is the last owner of a team with other members (transfer ownership first).
     */
    delete: operations['deleteMe'];
    options?: never;
    head?: never;
    /**
     * Change the caller’s name, email or time zone
     * @description `email` is unique across users in any case (409 if another holds it; null removes it); `timeZone` an IANA zone, stored canonical (`europe/berlin` → `Europe/Berlin`; else 422). Users only (an agent is 403). Needs `profile:write`.
     */
    patch: operations['updateMe'];
    trace?: never;
  };
  '/api/users/{id}/deactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deactivate a user: their keys and grants stop at once (instance admins)
     * @description Every gateway refuses the user’s keys and their agents’ keys from the reply on, and `identity.user.deactivated` tells grant holders. Idempotent; nothing is deleted (`reactivate` undoes it). An admin cannot deactivate themselves.
     */
    post: operations['deactivateUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{id}/reactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reactivate a deactivated user (instance admins)
     * @description Their keys work again, those not revoked or expired (a gateway that refused one in the last 5 s may refuse it until then). Idempotent.
     */
    post: operations['reactivateUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's teams */
    get: operations['listTeams'];
    put?: never;
    /** Create a team; the caller becomes its owner */
    post: operations['createTeam'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{id}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A team’s directory: its people and agents, with roles
     * @description Oldest member first. `q` matches the start of a name (of any of its words) or of an email, in any case; `kind` keeps people or agents. Deactivated users are left out; emails are never shown. Members of the team and instance admins may read it.
     */
    get: operations['listTeamMembers'];
    put?: never;
    /**
     * Add a user to a team directly, with a role
     * @description Owners and admins of the team (only owners add owners), and an instance admin, never to a team for themselves. An unknown user is 404; a member stays as they are. To ask someone, invite them.
     */
    post: operations['addTeamMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{id}/members/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member from a team, or leave it
     * @description Anyone may leave; owners and admins remove others, only owners remove an owner. The last owner cannot leave or be removed (409, `rule: last_owner`).
     */
    delete: operations['removeTeamMember'];
    options?: never;
    head?: never;
    /**
     * Change a member's role
     * @description Owners and admins; only owners make or unmake owners. Ownership is transferred by making another member `owner`, then stepping down or leaving. The last owner cannot step down (409, `rule: last_owner`).
     */
    patch: operations['updateTeamMember'];
    trace?: never;
  };
  '/api/users/me/authorizations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the clients the caller connected by OAuth
     * @description Each grant: the client (name, URI), its scopes, whom its tokens act as (the user or one of their agents), when it was made and last used (at most once a minute).
     */
    get: operations['listMyAuthorizations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/authorizations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** End a grant: its access and refresh tokens stop working at once */
    delete: operations['revokeMyAuthorization'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{id}/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The team's pending invitations
     * @description Owners and admins of the team; newest first, at most 200.
     */
    get: operations['listTeamInvitations'];
    put?: never;
    /**
     * Invite a user to the team, by id or email, with a role
     * @description Owners and admins of the team; only owners invite owners. It expires after `INVITATION_TTL_HOURS` (7 days). A member, or one with a pending invitation, is 409.
     */
    post: operations['createInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{id}/invitations/{invitationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a pending invitation
     * @description Owners and admins of the team. An invitation accepted, declined, revoked or expired is 409 with `details.status` saying which.
     */
    delete: operations['revokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's pending invitations
     * @description To their user id or their email; newest first, at most 200. Users only.
     */
    get: operations['listMyInvitations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invitations/{id}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation: join the team
     * @description The invitee only (anyone else: 404). An invitation accepted, declined, revoked or expired is 409 with `details.status` saying which.
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invitations/{id}/decline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Decline an invitation
     * @description The invitee only (anyone else: 404). An invitation accepted, declined, revoked or expired is 409 with `details.status` saying which.
     */
    post: operations['declineInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{id}/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The team's audit log, newest first (paged by cursor)
     * @description Owners and admins of the team. Membership, role and invitation changes, and changes of the team’s agents and their keys, with who did each and when; kept `AUDIT_RETENTION_DAYS` (365). `meta.nextCursor` passed back as `after` gives the next page.
     */
    get: operations['listTeamAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Everything the caller owns or wrote, across the services, as one JSON document
     * @description Streamed as it is read from each service (never assembled whole). A service failing midway ends the response with the document unterminated: a client that cannot parse it retries.
     */
    get: operations['exportMyData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a user and erase their data (instance admin)
     * @description As `DELETE /api/users/me`, for any user but the bootstrap admin.
     */
    delete: operations['deleteUser'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{id}/deletion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A user's deletion: which services have erased their part (instance admin)
     * @description `pending` until every service confirmed, then `completed` (the account is gone). The record holds ids only and is kept DELETION_RECORD_DAYS (90) after completion.
     */
    get: operations['getUserDeletion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List habits, dailies and to-dos — or — List issues of the caller’s projects (paged)
     * @description **List habits, dailies and to-dos** (habits). The caller’s own tasks (an agent’s: its owner’s), or with `teamId` that team’s tasks (members only, else 403). Without a project or issue filter, `/api/tasks` lists tasks.
     *
     *     **List issues of the caller’s projects (paged)** (issues). Any of `projectId`, `status`, `priority`, `assigneeId`, `parentId`, `labels` makes `/api/tasks` list issues. `status` and `priority` take comma-separated values (any matches); `labels` all must match; `none` asks for unassigned or top-level issues.
     */
    get: operations['listTasksOrIssues'];
    put?: never;
    /**
     * Create a habit, daily or to-do — or — Create an issue in a project
     * @description **Create a habit, daily or to-do** (habits). A habit needs `isPositive`, a daily a `schedule`; `dueDate` is for to-dos. A body without `projectId` creates a task.
     *
     *     **Create an issue in a project** (issues). A body with `projectId` creates an issue; the service generates its `identifier`. Defaults: status `backlog`, priority `none`.
     */
    post: operations['createTaskOrIssue'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a task — or — An issue with comments, activity, blockers and sub-issues
     * @description **Get a task** (habits).
     *
     *     **An issue with comments, activity, blockers and sub-issues** (issues). Shows the newest 50 comments and 100 activity entries, oldest first; `olderComments` / `olderActivity` passed back as `commentsBefore` / `activityBefore` page one of them back.
     */
    get: operations['getTaskOrIssue'];
    put?: never;
    post?: never;
    /**
     * Archive a task (idempotent) — or — Delete an issue (hidden from then on; its number is not reused)
     * @description **Archive a task (idempotent)** (habits).
     *
     *     **Delete an issue (hidden from then on; its number is not reused)** (issues).
     */
    delete: operations['archiveTaskOrDeleteIssue'];
    options?: never;
    head?: never;
    /**
     * Update a task (archived:false brings it back) — or — Update an issue; every change is recorded in its activity
     * @description **Update a task (archived:false brings it back)** (habits). Answers the id, the changed fields and `updatedAt`.
     *
     *     **Update an issue; every change is recorded in its activity** (issues). Answers the issue as `POST` does, with its new `updatedAt`; its comments, activity, blockers and sub-issues are on `GET /api/tasks/:id`.
     */
    patch: operations['updateTaskOrIssue'];
    trace?: never;
  };
  '/api/tasks/{id}/complete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Complete a task for today: streak, XP, level
     * @description A daily completes once per day of the user’s (409 `once_per_day`), a to-do once (409 `once`); habits any number of times.
     */
    post: operations['completeTask'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** XP, level and time zone of the caller */
    get: operations['getProfile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Set the time zone (IANA name) and the hour the day starts */
    patch: operations['updateProfile'];
    trace?: never;
  };
  '/api/projects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Projects of the caller's teams with issue counts; paged (page, limit ≤ 100), sort default -updatedAt */
    get: operations['listProjects'];
    put?: never;
    /**
     * Create a project in one of the caller’s teams
     * @description A `key` (2–10 letters or digits) that is taken in the team is 409.
     */
    post: operations['createProject'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/projects/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A project with its issue counts */
    get: operations['getProject'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update a project; answers the whole project */
    patch: operations['updateProject'];
    trace?: never;
  };
  '/api/tasks/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search issue titles and descriptions (accent- and case-insensitive, last word as prefix), best match first
     * @description Any word matches; more matched words rank first, then the newest. `meta.total` counts at most the best 1,000 matches.
     */
    get: operations['searchIssues'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/watch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Watch an issue: be told of its comments and status changes
     * @description Anyone who may read the issue; watching again changes nothing. An issue has at most 200 watchers (409 beyond).
     */
    put: operations['watchIssue'];
    post?: never;
    /**
     * Stop watching an issue
     * @description Commenting on it, being assigned or mentioned makes the caller a watcher again.
     */
    delete: operations['unwatchIssue'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{issueId}/comments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Comment on an issue; @name mentions are resolved */
    post: operations['addComment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{issueId}/comments/{commentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete your comment
     * @description Only the comment’s author may (else 403).
     */
    delete: operations['deleteComment'];
    options?: never;
    head?: never;
    /**
     * Edit your comment
     * @description Only the comment’s author may (else 403).
     */
    patch: operations['editComment'];
    trace?: never;
  };
  '/api/tasks/{issueId}/blockers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Issues blocking this one, and issues it blocks */
    get: operations['listBlockers'];
    put?: never;
    /**
     * Mark this issue as blocked by another
     * @description The issue itself is 422 (`rule: "self"`); a duplicate is 409 (`rule: "duplicate"`), and so is a cycle (`rule: "cycle"`, with the path of identifiers).
     */
    post: operations['addBlocker'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{issueId}/blockers/{blockerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a blocker relation
     * @description `blockerId` is the relation’s id; the blocking issue’s id is accepted too.
     */
    delete: operations['removeBlocker'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/agents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The agents the caller owns */
    get: operations['listAgents'];
    put?: never;
    /**
     * Create an agent (active, without a key)
     * @description A `teamId` of a team the caller does not belong to is 403. Agents cannot create agents.
     */
    post: operations['createAgent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/agents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the caller’s agents */
    get: operations['getAgent'];
    put?: never;
    post?: never;
    /** Delete an agent and its key */
    delete: operations['deleteAgent'];
    options?: never;
    head?: never;
    /**
     * Update an agent; isActive:false refuses its key at once
     * @description Moving the agent to a team the caller does not belong to is 403.
     */
    patch: operations['updateAgent'];
    trace?: never;
  };
  '/api/agents/{id}/api-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mint the agent’s API key, shown this once (409 if it has one)
     * @description The raw key is in `data.apiKey`, this once; only its hash is stored. The optional body names the key and limits it: `scopes` (never beyond the calling key’s own, else 403; an unknown scope is 422) and `expiresAt` (future, 422 otherwise).
     */
    post: operations['mintAgentKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/agents/{id}/regen-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace the agent’s key; the old one is refused at once
     * @description Takes the same optional body as minting: the new key gets its own name, scopes and expiry (the old key’s are not carried over).
     */
    post: operations['rotateAgentKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhooks/event-types': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The event types a webhook can subscribe to, with their payload fields */
    get: operations['listWebhookEventTypes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's webhooks and their teams' */
    get: operations['listWebhooks'];
    put?: never;
    /** Subscribe a URL to events; the signing secret is shown once */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A webhook (never its secret) */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /** Delete a webhook; its pending deliveries are not sent */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /** Change url, events or description; pause or resume with active */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/api/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new signing secret, shown once; the old one also signs for a grace period */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A webhook's delivery log, newest first */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a delivery again now (same webhook-id) */
    post: operations['redeliverWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller’s notifications, newest first (paged by cursor)
     * @description `meta.nextCursor` passed back as `after` gives the next page; `unread=true` lists the unread alone. Notifications are kept 90 days and an inbox holds 1,000 (the oldest read ones go first).
     */
    get: operations['listNotifications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark notifications read: some by id, or all
     * @description Body `{ids: [...]}` (at most 100) or `{all: true}`. Ids that are not the caller’s, or already read, are not counted.
     */
    post: operations['markNotificationsRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/unread-count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How many of the caller’s notifications are unread */
    get: operations['countUnreadNotifications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
export type webhooks = {
  'task.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * task.created: A task was created.
     * @description Sent to webhooks (personal, team) that subscribe to `task.created` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['taskCreatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'task.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * task.updated: A task was changed (or unarchived).
     * @description Sent to webhooks (personal, team) that subscribe to `task.updated` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['taskUpdatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'task.archived': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * task.archived: A task was archived (DELETE /api/tasks/:id).
     * @description Sent to webhooks (personal, team) that subscribe to `task.archived` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['taskArchivedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'task.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * task.completed: A task was completed; XP was awarded.
     * @description Sent to webhooks (personal, team) that subscribe to `task.completed` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['taskCompletedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'user.leveled_up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * user.leveled_up: The subscriber reached a new level.
     * @description Sent to webhooks (personal) that subscribe to `user.leveled_up` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['userLeveledUpEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'project.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * project.created: A project was created in the team.
     * @description Sent to webhooks (team) that subscribe to `project.created` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['projectCreatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'project.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * project.updated: A project was changed.
     * @description Sent to webhooks (team) that subscribe to `project.updated` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['projectUpdatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'issue.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * issue.created: An issue was created.
     * @description Sent to webhooks (team) that subscribe to `issue.created` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['issueCreatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'issue.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * issue.updated: An issue was changed.
     * @description Sent to webhooks (team) that subscribe to `issue.updated` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['issueUpdatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'issue.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * issue.deleted: An issue was deleted.
     * @description Sent to webhooks (team) that subscribe to `issue.deleted` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['issueDeletedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'comment.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * comment.created: A comment was added to an issue.
     * @description Sent to webhooks (team) that subscribe to `comment.created` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['commentCreatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'comment.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * comment.updated: A comment was edited.
     * @description Sent to webhooks (team) that subscribe to `comment.updated` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['commentUpdatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'comment.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * comment.deleted: A comment was deleted.
     * @description Sent to webhooks (team) that subscribe to `comment.deleted` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['commentDeletedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'blocker.added': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * blocker.added: An issue became blocked by another.
     * @description Sent to webhooks (team) that subscribe to `blocker.added` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['blockerAddedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'blocker.removed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * blocker.removed: A blocker relation was removed.
     * @description Sent to webhooks (team) that subscribe to `blocker.removed` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['blockerRemovedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'membership.added': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * membership.added: A user joined the team.
     * @description Sent to webhooks (team) that subscribe to `membership.added` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['membershipAddedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'membership.removed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * membership.removed: A user left the team.
     * @description Sent to webhooks (team) that subscribe to `membership.removed` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['membershipRemovedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'membership.role_changed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * membership.role_changed: A member's role in the team changed.
     * @description Sent to webhooks (team) that subscribe to `membership.role_changed` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['membershipRoleChangedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'agent.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * agent.created: The subscriber created an agent.
     * @description Sent to webhooks (personal) that subscribe to `agent.created` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['agentCreatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'agent.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * agent.updated: One of the subscriber's agents changed.
     * @description Sent to webhooks (personal) that subscribe to `agent.updated` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['agentUpdatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'agent.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * agent.deleted: One of the subscriber's agents was deleted.
     * @description Sent to webhooks (personal) that subscribe to `agent.deleted` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['agentDeletedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'notification.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * notification.created: A notification reached the subscriber's inbox (assigned, mentioned, a comment or status change of a watched issue, unblocked, added to a team).
     * @description Sent to webhooks (personal) that subscribe to `notification.created` or `*`. Verify `webhook-signature` before trusting the body, e.g. `new Webhook(secret).verify(rawBody, headers)` from the `standardwebhooks` package.
     */
    post: operations['notificationCreatedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
export type components = {
  schemas: {
    /** @description An OAuth error (RFC 6749 §5.2, RFC 7591 §3.2.2) */
    OAuthError: {
      error: string;
      error_description?: string;
    };
    /** @description Opaque tokens: `mat_…` access tokens for the resource asked for, `mrt_…` refresh tokens (rotated on each use). An exchange (RFC 8693) returns an access token alone, with `issued_token_type`. */
    OAuthTokens: {
      access_token: string;
      /** @constant */
      token_type: 'Bearer';
      expires_in: number;
      refresh_token?: string;
      scope?: string;
      issued_token_type?: string;
    };
    /** @description RFC 8414 metadata */
    AuthorizationServerMetadata: {
      issuer: string;
      authorization_endpoint: string;
      token_endpoint: string;
      registration_endpoint?: string;
      revocation_endpoint?: string;
      scopes_supported?: string[];
      code_challenge_methods_supported?: 'S256'[];
      /** @constant */
      authorization_response_iss_parameter_supported?: true;
      /** @constant */
      client_id_metadata_document_supported?: true;
    };
    /** @description RFC 9728 metadata */
    ProtectedResourceMetadata: {
      resource: string;
      authorization_servers: string[];
      scopes_supported?: string[];
      bearer_methods_supported?: string[];
    };
    /** @description RFC 7591 client metadata: public clients only (`token_endpoint_auth_method` `none`) */
    ClientRegistration: {
      client_name?: string;
      client_uri?: string;
      /** @description HTTPS, loopback HTTP (any port matches, RFC 8252), or a reverse-domain scheme */
      redirect_uris: string[];
      grant_types?: ('authorization_code' | 'refresh_token')[];
      response_types?: 'code'[];
      /** @constant */
      token_endpoint_auth_method?: 'none';
    };
    RegisteredClient: {
      client_id: string;
      client_id_issued_at?: number;
      client_name?: string;
      client_uri?: string;
      redirect_uris: string[];
      grant_types?: string[];
      response_types?: string[];
      /** @constant */
      token_endpoint_auth_method: 'none';
    };
    /** @description The process answers */
    Alive: {
      /** @constant */
      status: 'ok';
    };
    /** @description `ok` when every service answers its own readiness check, `degraded` while one does not (the gateway stays ready; that service's paths answer 503 with Retry-After) */
    Health: {
      /** @enum {string} */
      status: 'ok' | 'degraded';
      /**
       * @example {
       *       "identity": "ok",
       *       "habits": "ok",
       *       "projects": "ok",
       *       "issues": "ok",
       *       "agents": "ok"
       *     }
       */
      services: {
        [key: string]: 'ok' | 'unavailable';
      };
      /** @description When a service runs as several replicas: how many of them answer `ok`, of how many (`1/2`); a service is `ok` while one does */
      replicas?: {
        [key: string]: string;
      };
    };
    /** @description A JSON-RPC 2.0 message of the Model Context Protocol (Streamable HTTP) */
    JsonRpcMessage: {
      /** @constant */
      jsonrpc: '2.0';
      id?: string | number | null;
      method?: string;
      params?: Record<string, never>;
      result?: unknown;
      error?: Record<string, never>;
    };
    /** @description The optional name, scopes and expiry of a new key */
    ApiKeyGrantInput: {
      /** @description A label to tell keys apart */
      name?: string;
      /** @description What the key may do (see the scope catalogue); omitted: the caller key’s own scopes (every scope for an unrestricted key) */
      scopes?: (
        | 'tasks:read'
        | 'tasks:write'
        | 'issues:read'
        | 'issues:write'
        | 'projects:read'
        | 'projects:write'
        | 'teams:read'
        | 'teams:write'
        | 'agents:read'
        | 'agents:write'
        | 'webhooks:read'
        | 'webhooks:write'
        | 'notifications:read'
        | 'notifications:write'
        | 'profile:read'
        | 'profile:write'
        | 'keys:read'
        | 'keys:write'
        | 'users:write'
      )[];
      /**
       * Format: date-time
       * @description When the key stops working (future, at most 5 years ahead); omitted: never, or when the caller’s key expires
       */
      expiresAt?: string;
    };
    CreateUserInput: {
      name: string;
      /** Format: email */
      email?: string;
    };
    CreateTeamInput: {
      name: string;
      /** @description 2–10 letters or digits; defaults to the initials of the name, numbered if taken */
      key?: string;
    };
    AddMemberInput: {
      /** Format: uuid */
      userId: string;
      /**
       * @description Default `member`
       * @enum {string}
       */
      role?: 'owner' | 'admin' | 'member';
    };
    UpdateMemberInput: {
      /**
       * @description `owner` and `admin` manage the team; only an owner grants or touches `owner`
       * @enum {string}
       */
      role: 'owner' | 'admin' | 'member';
    };
    CreateInvitationInput: {
      /**
       * Format: uuid
       * @description Who is invited; or `email`
       */
      userId?: string;
      /**
       * Format: email
       * @description Who is invited, by email; or `userId`
       */
      email?: string;
      /**
       * @description The role on accepting; default `member`
       * @enum {string}
       */
      role?: 'owner' | 'admin' | 'member';
    };
    UpdateMeInput: {
      name?: string;
      /** @description Unique across users, in any case (409 if taken); null removes it */
      email?: string | null;
      /** @description An IANA zone (`Europe/Berlin`), stored canonical; null: none said */
      timeZone?: string | null;
    };
    PageMeta: {
      /** @description Items matching the filters, over all pages */
      total: number;
      page: number;
      /** @description The `limit` asked for */
      perPage: number;
      /** @description True when more than 1,000 match: `total` then says 1,000 (counted no further) */
      totalCapped?: boolean;
      /** @description The task and issue lists: pass as `after` (with the same `sort`) for the next page, at any depth; null on the last page */
      nextCursor?: string | null;
    };
    /** @enum {string} */
    TeamRole: 'owner' | 'admin' | 'member' | 'guest';
    Invitation: {
      /** Format: uuid */
      id: string;
      team: {
        /** Format: uuid */
        id: string;
        name: string;
        key: string;
      };
      /**
       * @description `owner` and `admin` manage the team; only an owner grants or touches `owner`
       * @enum {string}
       */
      role: 'owner' | 'admin' | 'member';
      /** @description The invitee, when invited by id */
      userId: string | null;
      /** @description The invitee, when invited by email */
      email: string | null;
      invitedBy: {
        /** Format: uuid */
        id: string;
        name: string;
      };
      /**
       * @description `expired`: still pending when `expiresAt` passed
       * @enum {string}
       */
      status: 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';
      /** Format: date-time */
      expiresAt: string;
      /** Format: date-time */
      createdAt: string;
      /** @description When it was accepted, declined or revoked */
      respondedAt: string | null;
    };
    Team: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @description Short uppercase key, e.g. `DS` */
      key: string;
      /** @description The caller’s role in the team (an agent’s: `member`) */
      role: components['schemas']['TeamRole'];
      /** Format: date-time */
      createdAt: string;
    };
    User: {
      /** Format: uuid */
      id: string;
      name: string;
      email?: string;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description Who the caller acts as */
    Me: {
      /** @enum {string} */
      type: 'user' | 'agent';
      /** Format: uuid */
      id: string;
      name: string;
      /** @description With `profile:read` (or a key without scopes); absent otherwise */
      teamIds?: string[];
      isAdmin: boolean;
      /** @description Users only, with `profile:read` */
      email?: string;
      /** @description Users only, with `profile:read` */
      level?: number;
      /** @description Users only, with `profile:read` */
      xp?: number;
      /**
       * Format: uuid
       * @description Agents only: the owning user
       */
      ownerId?: string;
      /** @description Agents only: the agent’s own team */
      teamId?: string | null;
      /** @description What the calling key may do (every scope for a key created without scopes) */
      scopes: (
        | 'tasks:read'
        | 'tasks:write'
        | 'issues:read'
        | 'issues:write'
        | 'projects:read'
        | 'projects:write'
        | 'teams:read'
        | 'teams:write'
        | 'agents:read'
        | 'agents:write'
        | 'webhooks:read'
        | 'webhooks:write'
        | 'notifications:read'
        | 'notifications:write'
        | 'profile:read'
        | 'profile:write'
        | 'keys:read'
        | 'keys:write'
        | 'users:write'
      )[];
      /** @description When the calling key stops working; null: never */
      expiresAt: string | null;
    };
    NewUser: {
      user: components['schemas']['User'];
      /** @description Shown this once */
      apiKey: string;
    };
    ApiKeyInfo: {
      /** Format: uuid */
      id: string;
      /** @description The public part of the key (`svc_<keyId>_…`) */
      keyId: string;
      /** @description The label given at creation */
      name: string | null;
      /** @description What the key may do; null: every scope (a key created without scopes) */
      scopes:
        | (
            | 'tasks:read'
            | 'tasks:write'
            | 'issues:read'
            | 'issues:write'
            | 'projects:read'
            | 'projects:write'
            | 'teams:read'
            | 'teams:write'
            | 'agents:read'
            | 'agents:write'
            | 'webhooks:read'
            | 'webhooks:write'
            | 'notifications:read'
            | 'notifications:write'
            | 'profile:read'
            | 'profile:write'
            | 'keys:read'
            | 'keys:write'
            | 'users:write'
          )[]
        | null;
      /** @description When the key stops working; null: never */
      expiresAt: string | null;
      /** Format: date-time */
      createdAt: string;
      /** @description When a gateway last verified the key (to the minute or so); null: not yet */
      lastUsedAt: string | null;
    };
    NewApiKey: {
      /** Format: uuid */
      id: string;
      /** @description Shown this once */
      apiKey: string;
      /** @description The label given at creation */
      name: string | null;
      /** @description What the key may do; null: every scope (a key created without scopes) */
      scopes:
        | (
            | 'tasks:read'
            | 'tasks:write'
            | 'issues:read'
            | 'issues:write'
            | 'projects:read'
            | 'projects:write'
            | 'teams:read'
            | 'teams:write'
            | 'agents:read'
            | 'agents:write'
            | 'webhooks:read'
            | 'webhooks:write'
            | 'notifications:read'
            | 'notifications:write'
            | 'profile:read'
            | 'profile:write'
            | 'keys:read'
            | 'keys:write'
            | 'users:write'
          )[]
        | null;
      /** @description When the key stops working; null: never */
      expiresAt: string | null;
    };
    Membership: {
      /** Format: uuid */
      teamId: string;
      /** Format: uuid */
      userId: string;
      role: components['schemas']['TeamRole'];
    };
    AuditEntry: {
      /**
       * Format: uuid
       * @description The id of the event it records
       */
      id: string;
      /** @description `membership.added|removed|role_changed`, `invitation.created|accepted|declined|revoked`, `agent.created|updated|deleted`, `agent.key_rotated` */
      type: string;
      /** @description Who did it */
      actor: {
        /** @enum {string} */
        type: 'user' | 'agent' | 'system';
        id: string;
      } | null;
      /** @description What changed: the event’s fields */
      data: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      at: string;
    };
    /** @description A person or an agent of a team */
    TeamMember: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: 'user' | 'agent';
      name: string;
      /** @description The avatar’s URL (`/api/avatars/…`, on the API’s own origin); as `avatarUrl` */
      avatar: string;
      /** @description The avatar’s URL, drawn by the gateway (`GET /api/avatars/{kind}/{file}`) */
      avatarUrl: string | null;
      /** @description The member’s role in the team */
      role: components['schemas']['TeamRole'];
      /**
       * Format: date-time
       * @description When the person joined (an agent: when it was made, its team set then or later)
       */
      joinedAt: string;
    };
    UserAccount: {
      /** Format: uuid */
      id: string;
      name: string;
      email: string | null;
      /** @description IANA zone; null: none said */
      timeZone: string | null;
      isAdmin: boolean;
      /** @description False once an admin deactivated the user: their keys stop */
      active: boolean;
      deactivatedAt: string | null;
      /** @description The avatar’s URL (`/api/avatars/user/…`) */
      avatar: string;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description What was refused (spec §7): `{field, rule:"required"}`, `{field, value, allowed}`, `{field:"schedule", rule:"required_for_dailies"}`, or `{field, rule, …limit}` */
    ValidationDetails:
      | ({
          /** @description The refused field (dotted for nested ones), or a header name */
          field: string;
          /** @constant */
          rule: 'required';
        } & {
          [key: string]: unknown;
        })
      | ({
          /** @description The refused field (dotted for nested ones), or a header name */
          field: string;
          /** @description The refused value, shortened to 100 characters */
          value?: unknown;
          allowed: unknown[];
        } & {
          [key: string]: unknown;
        })
      | ({
          /** @description The refused field (dotted for nested ones), or a header name */
          field: string;
          /** @description required_for_dailies, max_length, min_length, max, min, format, type, unknown_field, or a rule of the resource */
          rule: string;
        } & {
          [key: string]: unknown;
        });
    /** @description Error body (shape A): every path except /api/agents */
    ApiError: {
      error: {
        /** @enum {string} */
        code:
          | 'VALIDATION_ERROR'
          | 'BAD_REQUEST'
          | 'UNAUTHORIZED'
          | 'FORBIDDEN'
          | 'NOT_FOUND'
          | 'METHOD_NOT_ALLOWED'
          | 'CONFLICT'
          | 'QUOTA_EXCEEDED'
          | 'PAYLOAD_TOO_LARGE'
          | 'UNSUPPORTED_MEDIA_TYPE'
          | 'RATE_LIMITED'
          | 'INTERNAL_ERROR'
          | 'BAD_GATEWAY'
          | 'SERVICE_UNAVAILABLE';
        message: string;
        details?: {
          [key: string]: unknown;
        };
      };
    };
    /** @description A 422 body (shape A) */
    ValidationFailure: {
      error: {
        /** @constant */
        code: 'VALIDATION_ERROR';
        message: string;
        details: components['schemas']['ValidationDetails'];
      };
    };
    UserDeletion: {
      /**
       * Format: uuid
       * @description the deletion id: an admin follows it at GET /api/users/:id/deletion
       */
      id: string;
      /** Format: uuid */
      userId: string;
      /** @enum {string} */
      status: 'pending' | 'completed';
      /** Format: date-time */
      requestedAt: string;
      completedAt: string | null;
      /** @description services that erased their part */
      confirmed: ('habits' | 'projects' | 'issues' | 'agents' | 'webhooks' | 'notifications')[];
      /** @description services yet to confirm */
      pending: ('habits' | 'projects' | 'issues' | 'agents' | 'webhooks' | 'notifications')[];
    };
    UserExport: {
      /** Format: date-time */
      exportedAt: string;
      user: {
        /** Format: uuid */
        id: string;
        name: string;
        email: string | null;
        isAdmin: boolean;
        /** Format: date-time */
        createdAt: string;
      };
      /** @description teams the person belongs to, with their role and when they joined */
      teams: {
        [key: string]: unknown;
      }[];
      /** @description every key's metadata (never the secret or its hash) */
      apiKeys: {
        [key: string]: unknown;
      }[];
      /** @description `profile` (XP, level), `tasks`, `completions` */
      habits?: {
        [key: string]: {
          [key: string]: unknown;
        }[];
      };
      /** @description `projects` the person created or leads */
      projects?: {
        [key: string]: {
          [key: string]: unknown;
        }[];
      };
      /** @description `issues` they created, `comments` they wrote */
      issues?: {
        [key: string]: {
          [key: string]: unknown;
        }[];
      };
      /** @description `agents` they own (key metadata only) */
      agents?: {
        [key: string]: {
          [key: string]: unknown;
        }[];
      };
      /** @description `subscriptions` they made (never the signing secret) */
      webhooks?: {
        [key: string]: {
          [key: string]: unknown;
        }[];
      };
      /** @description `notifications` in their inbox */
      notifications?: {
        [key: string]: {
          [key: string]: unknown;
        }[];
      };
    };
    Authorization: {
      id: string;
      client: {
        /** @description The client id: an HTTPS metadata URL or a registered id */
        id: string;
        name: string;
        uri: string | null;
      };
      scopes: string[];
      /** @description Whom the tokens act as: the user, or one of their agents */
      actingAs: {
        /** @enum {string} */
        type: 'user' | 'agent';
        id: string;
      };
      createdAt: string;
      lastUsedAt: string | null;
    };
    CreateTaskInput: {
      /** @enum {string} */
      type: 'habit' | 'daily' | 'todo';
      title: string;
      notes?: string | null;
      /** @enum {string} */
      difficulty: 'trivial' | 'easy' | 'medium' | 'hard';
      tags?: string[];
      schedule?: {
        days: number[];
      } | null;
      isPositive?: boolean | null;
      dueDate?: string | null;
      teamId?: string | null;
    } & (
      | {
          /** @constant */
          type: 'habit';
          isPositive: boolean;
          schedule?: null;
          dueDate?: null;
        }
      | {
          /** @constant */
          type: 'daily';
          isPositive?: null;
          schedule: unknown;
          dueDate?: null;
        }
      | {
          /** @constant */
          type: 'todo';
          isPositive?: null;
          schedule?: null;
          /** Format: date */
          dueDate?: string | null;
        }
    );
    /** @description `schedule` applies to dailies only, `dueDate` to to-dos only */
    UpdateTaskInput: {
      title?: string;
      notes?: string | null;
      /** @enum {string} */
      difficulty?: 'trivial' | 'easy' | 'medium' | 'hard';
      tags?: string[];
      schedule?: {
        days: number[];
      };
      dueDate?: string | null;
      archived?: boolean;
    };
    UpdateProfileInput: {
      timezone?: string;
      dayStartHour?: number;
    };
    Schedule: {
      /** @description 0 = Sunday … 6 = Saturday */
      days: number[];
    };
    HabitTask: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The owner
       */
      userId: string;
      /** @description Set when the task is shared with a team */
      teamId: string | null;
      /**
       * Format: uuid
       * @description The user or agent that created it
       */
      createdBy: string;
      title: string;
      notes?: string | null;
      /** @enum {string} */
      difficulty: 'trivial' | 'easy' | 'medium' | 'hard';
      tags: string[];
      /** @description Consecutive completions; 0 on creation */
      streak: number;
      /** @description When a to-do was completed */
      completedAt?: string | null;
      archived: boolean;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'habit';
      isPositive: boolean;
    };
    DailyTask: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The owner
       */
      userId: string;
      /** @description Set when the task is shared with a team */
      teamId: string | null;
      /**
       * Format: uuid
       * @description The user or agent that created it
       */
      createdBy: string;
      title: string;
      notes?: string | null;
      /** @enum {string} */
      difficulty: 'trivial' | 'easy' | 'medium' | 'hard';
      tags: string[];
      /** @description Consecutive completions; 0 on creation */
      streak: number;
      /** @description When a to-do was completed */
      completedAt?: string | null;
      archived: boolean;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'daily';
      schedule: components['schemas']['Schedule'];
    };
    TodoTask: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The owner
       */
      userId: string;
      /** @description Set when the task is shared with a team */
      teamId: string | null;
      /**
       * Format: uuid
       * @description The user or agent that created it
       */
      createdBy: string;
      title: string;
      notes?: string | null;
      /** @enum {string} */
      difficulty: 'trivial' | 'easy' | 'medium' | 'hard';
      tags: string[];
      /** @description Consecutive completions; 0 on creation */
      streak: number;
      /** @description When a to-do was completed */
      completedAt?: string | null;
      archived: boolean;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'todo';
      dueDate?: string | null;
    };
    /** @description A habit, daily or to-do (spec §2.1) */
    Task:
      | components['schemas']['HabitTask']
      | components['schemas']['DailyTask']
      | components['schemas']['TodoTask'];
    TaskChanges: {
      /** Format: uuid */
      id: string;
      title?: string;
      notes?: string | null;
      /** @enum {string} */
      difficulty?: 'trivial' | 'easy' | 'medium' | 'hard';
      tags?: string[];
      schedule?: components['schemas']['Schedule'];
      dueDate?: string | null;
      archived?: boolean;
      /** Format: date-time */
      updatedAt: string;
    };
    TaskCompletion: {
      task: {
        /** Format: uuid */
        id: string;
        streak: number;
        /** Format: date-time */
        updatedAt: string;
      };
      /** @description Includes the streak bonus; 0 for a slip */
      xpEarned: number;
      /** @description The user's level after this completion */
      newLevel: number;
      leveledUp: boolean;
    };
    Profile: {
      userId: string;
      xp: number;
      level: number;
      xpIntoLevel: number;
      xpToNextLevel: number;
      timezone: string;
      dayStartHour: number;
      /**
       * Format: date
       * @example 2025-04-15
       */
      today: string;
    };
    /** @description `targetDate` must not be before `startDate` */
    CreateProjectInput: {
      /** Format: uuid */
      teamId: string;
      name: string;
      /** @description Used in issue identifiers (`ENG-1`), stored uppercase; derived from the name when absent */
      key?: string;
      description?: string | null;
      icon?: string | null;
      color?: string | null;
      /** @enum {string} */
      status?: 'planned' | 'started' | 'paused' | 'completed' | 'cancelled';
      leadId?: string | null;
      startDate?: string | null;
      targetDate?: string | null;
    };
    UpdateProjectInput: {
      name?: string;
      description?: string | null;
      icon?: string | null;
      color?: string | null;
      /** @enum {string} */
      status?: 'planned' | 'started' | 'paused' | 'completed' | 'cancelled';
      leadId?: string | null;
      startDate?: string | null;
      targetDate?: string | null;
    };
    /** @description Issue counts, by status (all six are present) */
    ProjectCounts: {
      issues: number;
      issuesByStatus: {
        backlog: number;
        todo: number;
        in_progress: number;
        in_review: number;
        done: number;
        cancelled: number;
      };
    };
    /** @description A team project with its issue counts (spec §2.2) */
    Project: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      teamId: string;
      name: string;
      slug: string;
      /** @description Short uppercase key used in issue identifiers, e.g. `ENG` */
      key: string;
      description: string | null;
      /** @description A single emoji or symbol */
      icon: string | null;
      /** @description `#rrggbb` */
      color: string | null;
      /** @enum {string} */
      status: 'planned' | 'started' | 'paused' | 'completed' | 'cancelled';
      /** @description User id of the lead */
      leadId: string | null;
      startDate: string | null;
      targetDate: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      _count: components['schemas']['ProjectCounts'];
    };
    PersonSummary: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @description Avatar URL */
      avatar: string;
    };
    /** @description An issue of a project (spec §2.3) */
    Issue: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      projectId: string;
      /** @description The parent issue; a child is a sub-issue */
      parentId: string | null;
      /** @description `<PROJECT_KEY>-<number>`, generated on create */
      identifier: string;
      number: number;
      title: string;
      description: string;
      /** @enum {string} */
      status: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
      /** @enum {string} */
      priority: 'none' | 'low' | 'medium' | 'high' | 'urgent';
      assigneeId: string | null;
      assignee?: components['schemas']['PersonSummary'];
      labels: string[];
      estimate: number | null;
      dueDate: string | null;
      sortOrder: number;
      /** @description The acting user or agent (`system` for the platform) */
      createdBy: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    IssueSummary: {
      /** Format: uuid */
      id: string;
      identifier: string;
      title: string;
      /** @enum {string} */
      status: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
    };
    SubIssue: {
      /** Format: uuid */
      id: string;
      identifier: string;
      title: string;
      /** @enum {string} */
      status: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
      /** @enum {string} */
      priority: 'none' | 'low' | 'medium' | 'high' | 'urgent';
      assigneeId: string | null;
    };
    Watcher: {
      /** @enum {string} */
      type: 'user' | 'agent';
      id: string;
    };
    Mention: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @enum {string} */
      type: 'user' | 'agent';
    };
    /** @description A comment on an issue (spec §2.4) */
    Comment: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      issueId: string;
      /** @description May mention people as `@<name>` */
      body: string;
      /** @description The acting user or agent (`system` for the platform) */
      userId: string;
      /** @enum {string} */
      userType: 'user' | 'agent' | 'system';
      mentions: components['schemas']['Mention'][];
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description An entry of the activity timeline (spec §2.5) */
    ActivityEntry: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      action:
        | 'created'
        | 'status_changed'
        | 'priority_changed'
        | 'assignee_changed'
        | 'title_changed'
        | 'description_changed'
        | 'labels_changed'
        | 'estimate_changed'
        | 'due_date_changed'
        | 'parent_changed'
        | 'sort_order_changed'
        | 'comment_added'
        | 'comment_edited'
        | 'comment_deleted'
        | 'blocker_added'
        | 'blocker_removed'
        | 'blocking_added'
        | 'blocking_removed';
      /** @description The changed field */
      field: string;
      /** @description A description: its first 200 characters, then … */
      oldValue: string | null;
      /** @description A description: its first 200 characters, then … */
      newValue: string | null;
      /** @description A description change: the full length of the old description */
      oldLength?: number;
      /** @description A description change: the full length of the new description */
      newLength?: number;
      /** @description The acting user or agent (`system` for the platform) */
      userId: string;
      /** @enum {string} */
      userType: 'user' | 'agent' | 'system';
      /** Format: date-time */
      createdAt: string;
    };
    /** @description A blocker relation (spec §2.6) */
    Blocker: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The blocked issue
       */
      issueId: string;
      /**
       * Format: uuid
       * @description The issue that blocks it
       */
      blockedById: string;
      /** @description The acting user or agent (`system` for the platform) */
      createdBy: string;
      /** Format: date-time */
      createdAt: string;
      /** @description The blocked issue (`issueId`) */
      issue: components['schemas']['IssueSummary'];
      /** @description The blocking issue (`blockedById`) */
      blockedByIssue: components['schemas']['IssueSummary'];
    };
    BlockerLists: {
      /** @description Relations whose blocking issue blocks this one */
      blockedBy: components['schemas']['Blocker'][];
      /** @description Relations in which this issue blocks another */
      blocking: components['schemas']['Blocker'][];
    };
    /** @description An issue with its comments, activity, blockers and sub-issues */
    IssueDetail: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      projectId: string;
      /** @description The parent issue; a child is a sub-issue */
      parentId: string | null;
      /** @description `<PROJECT_KEY>-<number>`, generated on create */
      identifier: string;
      number: number;
      title: string;
      description: string;
      /** @enum {string} */
      status: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
      /** @enum {string} */
      priority: 'none' | 'low' | 'medium' | 'high' | 'urgent';
      assigneeId: string | null;
      assignee?: components['schemas']['PersonSummary'];
      labels: string[];
      estimate: number | null;
      dueDate: string | null;
      sortOrder: number;
      /** @description The acting user or agent (`system` for the platform) */
      createdBy: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** @description The newest 50 (or those before `commentsBefore`), oldest first */
      comments: components['schemas']['Comment'][];
      /** @description The newest 100 (or those before `activityBefore`), oldest first */
      activity: components['schemas']['ActivityEntry'][];
      /** @description Pass as `commentsBefore` for the comments before these; null: none */
      olderComments: string | null;
      /** @description Pass as `activityBefore` for the activity before these; null: none */
      olderActivity: string | null;
      blockedBy: components['schemas']['Blocker'][];
      blocking: components['schemas']['Blocker'][];
      subIssues: components['schemas']['SubIssue'][];
      /** @description Who is told of its comments and status changes: the creator, assignees, commenters and the mentioned, and whoever watches it (PUT /api/tasks/{id}/watch) */
      watchers: components['schemas']['Watcher'][];
    };
    CreateAgentInput: {
      name: string;
      description?: string;
      capabilities?: string[];
      /** @description A team the caller belongs to (else 403); omit or null for a teamless agent */
      teamId?: string | null;
      config?: {
        [key: string]: unknown;
      };
    };
    UpdateAgentInput: {
      name?: string;
      description?: string;
      capabilities?: string[];
      teamId?: string | null;
      isActive?: boolean;
      config?: {
        [key: string]: unknown;
      };
    };
    /** @description An agent (spec §2.7): never its key or the key’s hash */
    Agent: {
      /** Format: uuid */
      id: string;
      name: string;
      description: string;
      capabilities: string[];
      teamId: string | null;
      /** @description false: the agent's key is refused */
      isActive: boolean;
      config: {
        [key: string]: unknown;
      };
      /** Format: uuid */
      ownerId: string;
      hasApiKey: boolean;
      /** @description The name, scopes and expiry of the agent’s key (never the key); null without one */
      key: {
        /** @description The label given at creation */
        name: string | null;
        /** @description What the key may do; null: every scope (a key created without scopes) */
        scopes:
          | (
              | 'tasks:read'
              | 'tasks:write'
              | 'issues:read'
              | 'issues:write'
              | 'projects:read'
              | 'projects:write'
              | 'teams:read'
              | 'teams:write'
              | 'agents:read'
              | 'agents:write'
              | 'webhooks:read'
              | 'webhooks:write'
              | 'notifications:read'
              | 'notifications:write'
              | 'profile:read'
              | 'profile:write'
              | 'keys:read'
              | 'keys:write'
              | 'users:write'
            )[]
          | null;
        /** @description When the key stops working; null: never */
        expiresAt: string | null;
      } | null;
      lastUsedAt: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    AgentKey: {
      /** Format: uuid */
      agentId: string;
      /** @description The raw key, shown this once; only its hash is stored */
      apiKey: string;
      /** @description The label given at creation */
      name: string | null;
      /** @description What the key may do; null: every scope (a key created without scopes) */
      scopes:
        | (
            | 'tasks:read'
            | 'tasks:write'
            | 'issues:read'
            | 'issues:write'
            | 'projects:read'
            | 'projects:write'
            | 'teams:read'
            | 'teams:write'
            | 'agents:read'
            | 'agents:write'
            | 'webhooks:read'
            | 'webhooks:write'
            | 'notifications:read'
            | 'notifications:write'
            | 'profile:read'
            | 'profile:write'
            | 'keys:read'
            | 'keys:write'
            | 'users:write'
          )[]
        | null;
      /** @description When the key stops working; null: never */
      expiresAt: string | null;
    };
    /** @description Error body (shape B): the /api/agents paths */
    AgentError: {
      statusCode: number;
      message: string;
    };
    MarkNotificationsReadInput: {
      /** @description Notifications to mark read (at most 100) */
      ids?: string[];
      /**
       * @description Mark every notification read
       * @constant
       */
      all?: true;
    };
    /** @description An entry of a person’s inbox */
    Notification: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      type:
        | 'issue.assigned'
        | 'issue.mentioned'
        | 'issue.commented'
        | 'issue.status_changed'
        | 'issue.unblocked'
        | 'team.member_added';
      read: boolean;
      /** Format: date-time */
      createdAt: string;
      /** @description Who acted (never the recipient) */
      actor: {
        /** @enum {string} */
        type: 'user' | 'agent' | 'system';
        id: string;
        name: string;
      };
      /** @description What the notification is about */
      subject: {
        /** @enum {string} */
        type: 'issue' | 'team';
        id: string;
        /** @description An issue’s key, e.g. `ENG-12` */
        identifier?: string;
        /** @description The issue’s title or the team’s name */
        title?: string;
      };
      teamId?: string;
      projectId?: string;
      /** @description issue.commented, and issue.mentioned in a comment */
      comment?: {
        id: string;
        /** @description The comment’s first 200 characters */
        excerpt: string;
      };
      /**
       * @description issue.status_changed
       * @enum {string}
       */
      oldStatus?: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
      /**
       * @description issue.status_changed
       * @enum {string}
       */
      newStatus?: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
      /** @description issue.unblocked: the issue whose completion unblocked the subject */
      blocker?: {
        id: string;
        identifier: string;
        title?: string;
      };
    };
    NotificationsMarked: {
      /** @description Notifications that became read */
      updated: number;
    };
    UnreadCount: {
      /** @description Unread notifications in the inbox */
      count: number;
    };
  };
  responses: never;
  parameters: {
    /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
    'Idempotency-Key': string;
  };
  requestBodies: never;
  headers: {
    /** @description Seconds to wait before retrying */
    'Retry-After': number;
    /** @description The bearer challenge (RFC 6750), with `error="invalid_token"` when a key was refused */
    'WWW-Authenticate': string;
    /** @description Requests allowed per window for this key (per client address without a valid key) */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the current window */
    'X-RateLimit-Remaining': number;
    /** @description Seconds until the window resets */
    'X-RateLimit-Reset': number;
    /** @description Present (`true`) when this is the stored response to an earlier request with the same Idempotency-Key */
    'Idempotent-Replayed': 'true';
  };
  pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
  getAuthorizationServerMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metadata */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthorizationServerMetadata'];
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getApiResourceMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metadata */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProtectedResourceMetadata'];
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getMcpResourceMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metadata */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProtectedResourceMetadata'];
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  registerOAuthClient: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ClientRegistration'];
      };
    };
    responses: {
      /** @description Registered */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RegisteredClient'];
        };
      };
      /** @description `invalid_redirect_uri` or `invalid_client_metadata` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthError'];
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The body is not JSON */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  authorize: {
    parameters: {
      query: {
        /** @description `code` */
        response_type: string;
        /** @description A registered id, or an HTTPS Client ID Metadata Document URL */
        client_id: string;
        /** @description Exactly as registered (loopback: any port) */
        redirect_uri: string;
        /** @description S256 of the verifier */
        code_challenge: string;
        /** @description `S256` */
        code_challenge_method: string;
        /** @description Space-separated scopes; none: every scope */
        scope?: string;
        /** @description Returned as given */
        state?: string;
        /** @description The resource the tokens are for (RFC 8707); default this gateway */
        resource?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sign-in form */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Refused back to the client */
      303: {
        headers: {
          /** @description The client’s redirect URI with `code` (or `error`), `state` and `iss` */
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An error page: unknown client, missing or unregistered redirect URI */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  consent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': {
          /** @description The CSRF token of the page */
          csrf: string;
          /** @description A Momentum API key of the person (sign-in step) */
          key?: string;
          /** @description The sealed consent of the page (decision step) */
          consent?: string;
          /** @enum {unknown} */
          decision?: 'allow' | 'deny';
          scope?: string[];
          /** @description `me`, or the id of one of the person’s agents */
          act_as?: string;
        };
      };
    };
    responses: {
      /** @description The consent form */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Back to the client */
      303: {
        headers: {
          /** @description The client’s redirect URI with `code` (or `error`), `state` and `iss` */
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An error page */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description The sign-in form again: the key is not valid */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description The CSRF check failed */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not a form */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  token: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': {
          /** @description authorization_code, refresh_token, or the token-exchange URN */
          grant_type: string;
          /** @description The authorization code */
          code?: string;
          /** @description The client */
          client_id?: string;
          /** @description As in the authorization request */
          redirect_uri?: string;
          /** @description The PKCE verifier */
          code_verifier?: string;
          /** @description The refresh token */
          refresh_token?: string;
          /** @description RFC 8707 resource */
          resource?: string;
          /** @description Token exchange: the token to exchange */
          subject_token?: string;
          /** @description Token exchange: the access-token type URN */
          subject_token_type?: string;
        };
      };
    };
    responses: {
      /** @description Tokens */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthTokens'];
        };
      };
      /** @description `invalid_request`, `invalid_grant`, `invalid_target` or `unsupported_grant_type` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthError'];
        };
      };
      /** @description `invalid_client`: an exchange without the MCP servers’ secret */
      401: {
        headers: {
          /** @description `Basic realm="momentum"` */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthError'];
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not a form */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  revokeToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': {
          /** @description An access or refresh token */
          token: string;
          /** @description Ignored */
          token_type_hint?: string;
        };
      };
    };
    responses: {
      /** @description Revoked, or nothing to revoke (alike) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': Record<string, never>;
        };
      };
      /** @description `invalid_request`: no token */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OAuthError'];
        };
      };
      /** @description `Content-Length` over the limit, refused before reading */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not a form */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The gateway answers */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Alive'];
        };
      };
      /** @description `Content-Length` over 1 MiB, refused before reading */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The gateway is ready (`status` says whether every service is) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      /** @description `Content-Length` over 1 MiB, refused before reading */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The gateway itself is not ready (it does not reach NATS) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': Record<string, never>;
        };
      };
      /** @description `Content-Length` over 1 MiB, refused before reading */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  streamEvents: {
    parameters: {
      query?: {
        /** @description Comma-separated event types: `notification` and the catalogue’s */
        types?: string;
        /** @description The API key, for clients that cannot send a header (EventSource) */
        access_token?: string;
      };
      header?: {
        /** @description The `id` of the last event received: resume after it */
        'Last-Event-ID'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The stream: frames `id: <seq>` / `event: <type>` / `data: <JSON>`, `event: reset`, and `: heartbeat` comments */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Missing or invalid API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The key lacks the read scope of a type asked for (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description `Content-Length` over 1 MiB, refused before reading */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description An unknown type in `types` (`details.value`, `details.allowed`) */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The key holds its most open streams (`details.maxStreams`), or rate limited */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The live stream is starting or NATS is away */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getAvatar: {
    parameters: {
      query?: {
        /** @description One or two letters or digits (any script); absent: `?` */
        initials?: string;
      };
      header?: {
        'If-None-Match'?: string;
      };
      path: {
        kind: 'user' | 'agent';
        /** @description The user’s or agent’s id, then `.svg` */
        file: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The picture */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          ETag?: string;
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/svg+xml': string;
        };
      };
      /** @description Unchanged since the `ETag` sent */
      304: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An unknown kind, or a file that is not `<uuid>.svg` */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description `Content-Length` over 1 MiB, refused before reading */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description `initials` is not one or two letters or digits */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (per client address) */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  callMcp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['JsonRpcMessage'];
      };
    };
    responses: {
      /** @description The JSON-RPC response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JsonRpcMessage'];
        };
      };
      /** @description A notification or response was accepted; no body */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not a JSON-RPC message, or malformed JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Missing or invalid API key */
      401: {
        headers: {
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description `Accept` must list application/json and text/event-stream */
      406: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JsonRpcMessage'];
        };
      };
      /** @description Body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not JSON */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited; a tool call counts twice */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JsonRpcMessage'];
        };
      };
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Me'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listUsers: {
    parameters: {
      query?: {
        /** @description A prefix of a name (of any of its words) or of an email, in any case */
        q?: string;
        /** @description Only active, or only deactivated users */
        active?: 'true' | 'false';
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserAccount'][];
            meta: components['schemas']['PageMeta'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  createUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateUserInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['NewUser'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listMyApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ApiKeyInfo'][];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  createMyApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ApiKeyGrantInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['NewApiKey'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  revokeMyApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked; every gateway refuses the key at once */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  deleteMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      202: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserDeletion'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  updateMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateMeInput'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserAccount'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  deactivateUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserAccount'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict; or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  reactivateUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserAccount'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict; or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listTeams: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Team'][];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  createTeam: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTeamInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Team'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listTeamMembers: {
    parameters: {
      query?: {
        /** @description A prefix of a name (of any of its words) or of an email, in any case */
        q?: string;
        /** @description Only people, or only agents */
        kind?: 'user' | 'agent';
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TeamMember'][];
            meta: components['schemas']['PageMeta'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  addTeamMember: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddMemberInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Membership'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict; or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  removeTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  updateTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateMemberInput'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Membership'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listMyAuthorizations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Authorization'][];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  revokeMyAuthorization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ended; every gateway refuses its tokens at once */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listTeamInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invitation'][];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  createInvitation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateInvitationInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invitation'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        invitationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listMyInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invitation'][];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invitation'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  declineInvitation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invitation'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listTeamAudit: {
    parameters: {
      query?: {
        limit?: number;
        /** @description `meta.nextCursor` of the previous page: the page after it, at any depth (use instead of `page`; with the same `sort`) */
        after?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AuditEntry'][];
            meta: components['schemas']['PageMeta'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  exportMyData: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserExport'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  deleteUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      202: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserDeletion'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getUserDeletion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UserDeletion'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listTasksOrIssues: {
    parameters: {
      query?: {
        type?: 'habit' | 'daily' | 'todo';
        archived?: boolean;
        teamId?: string;
        /** @description A field to sort by; a leading `-` sorts descending */
        sort?:
          | (
              | 'createdAt'
              | '-createdAt'
              | 'updatedAt'
              | '-updatedAt'
              | 'title'
              | '-title'
              | 'streak'
              | '-streak'
              | 'dueDate'
              | '-dueDate'
            )
          | (
              | 'createdAt'
              | '-createdAt'
              | 'updatedAt'
              | '-updatedAt'
              | 'priority'
              | '-priority'
              | 'status'
              | '-status'
              | 'dueDate'
              | '-dueDate'
              | 'identifier'
              | '-identifier'
              | 'sortOrder'
              | '-sortOrder'
              | 'title'
              | '-title'
            );
        page?: number;
        limit?: number;
        /** @description `meta.nextCursor` of the previous page: the page after it, at any depth (use instead of `page`; with the same `sort`) */
        after?: string;
        projectId?: string;
        status?: string;
        priority?: string;
        assigneeId?: string | 'none';
        parentId?: string | 'none';
        labels?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                data: components['schemas']['Task'][];
                meta: components['schemas']['PageMeta'];
              }
            | {
                data: components['schemas']['Issue'][];
                meta: components['schemas']['PageMeta'];
              };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  createTaskOrIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | components['schemas']['CreateTaskInput']
          | {
              /** Format: uuid */
              projectId: string;
              title: string;
              description?: string | null;
              /** @enum {string} */
              status?: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
              /** @enum {string} */
              priority?: 'none' | 'low' | 'medium' | 'high' | 'urgent';
              assigneeId?: string | null;
              labels?: string[];
              estimate?: number | null;
              dueDate?: string | null;
              parentId?: string | null;
              sortOrder?: number;
            };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                data: components['schemas']['Task'];
              }
            | {
                data: components['schemas']['Issue'];
              };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict; or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getTaskOrIssue: {
    parameters: {
      query?: {
        /** @description `olderComments`/`olderActivity` of a previous reply */
        commentsBefore?: string;
        /** @description `olderComments`/`olderActivity` of a previous reply */
        activityBefore?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                data: components['schemas']['Task'];
              }
            | {
                data: components['schemas']['IssueDetail'];
              };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  archiveTaskOrDeleteIssue: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Archived / Deleted */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  updateTaskOrIssue: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | components['schemas']['UpdateTaskInput']
          | {
              title?: string;
              description?: string | null;
              /** @enum {string} */
              status?: 'backlog' | 'todo' | 'in_progress' | 'in_review' | 'done' | 'cancelled';
              /** @enum {string} */
              priority?: 'none' | 'low' | 'medium' | 'high' | 'urgent';
              assigneeId?: string | null;
              labels?: string[];
              estimate?: number | null;
              dueDate?: string | null;
              parentId?: string | null;
              sortOrder?: number;
            };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                data: components['schemas']['TaskChanges'];
              }
            | {
                data: components['schemas']['Issue'];
              };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  completeTask: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TaskCompletion'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Profile'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  updateProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateProfileInput'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Profile'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listProjects: {
    parameters: {
      query?: {
        teamId?: string;
        status?: 'planned' | 'started' | 'paused' | 'completed' | 'cancelled';
        /** @description A field to sort by; a leading `-` sorts descending */
        sort?:
          | 'updatedAt'
          | '-updatedAt'
          | 'createdAt'
          | '-createdAt'
          | 'name'
          | '-name'
          | 'startDate'
          | '-startDate'
          | 'targetDate'
          | '-targetDate';
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Project'][];
            meta: components['schemas']['PageMeta'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  createProject: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateProjectInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Project'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Project'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  updateProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateProjectInput'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Project'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  searchIssues: {
    parameters: {
      query: {
        q: string;
        projectId?: string;
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Issue'][];
            meta: components['schemas']['PageMeta'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  watchIssue: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Watching */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  unwatchIssue: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not watching */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  addComment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        issueId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          body: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Comment'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  deleteComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        issueId: string;
        commentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  editComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        issueId: string;
        commentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          body: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Comment'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listBlockers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        issueId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['BlockerLists'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  addBlocker: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        issueId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
           * @example ENG-12
           */
          blockedById: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Blocker'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  removeBlocker: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        issueId: string;
        /**
         * @description The issue’s UUID, or its identifier such as `ENG-12` (case-insensitive)
         * @example ENG-12
         */
        blockerId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many) */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listAgents: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Agent'][];
            meta: components['schemas']['PageMeta'];
          };
        };
      };
      /** @description Malformed request or invalid input; the message names the field */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
    };
  };
  createAgent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAgentInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Agent'];
          };
        };
      };
      /** @description Malformed request or invalid input; the message names the field */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Invalid input; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
    };
  };
  getAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Agent'];
          };
        };
      };
      /** @description Malformed request or invalid input; the message names the field */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
    };
  };
  deleteAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; its key is refused at once */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request or invalid input; the message names the field */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
    };
  };
  updateAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateAgentInput'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Agent'];
          };
        };
      };
      /** @description Malformed request or invalid input; the message names the field */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
    };
  };
  mintAgentKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ApiKeyGrantInput'];
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AgentKey'];
          };
        };
      };
      /** @description Malformed request or invalid input; the message names the field */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
    };
  };
  rotateAgentKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ApiKeyGrantInput'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AgentKey'];
          };
        };
      };
      /** @description Malformed request or invalid input; the message names the field */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Conflict; or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentError'];
        };
      };
    };
  };
  listWebhookEventTypes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              type: string;
              description: string;
              scopes: ('personal' | 'team')[];
              payload: {
                [key: string]: string;
              };
            }[];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: {
        teamId?: string;
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @description The target URL (often a capability URL): shown to the webhook’s creator, whoever last set it, and admins; null to the team’s other members */
              url: string | null;
              events: string[];
              teamId: string | null;
              description: string | null;
              active: boolean;
              disabledReason: string | null;
              disabledAt: string | null;
              createdAt: string;
              updatedAt: string;
            }[];
            meta: {
              total: number;
              page: number;
              perPage: number;
            };
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
          events: string[];
          /** Format: uuid */
          teamId?: string;
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @description The target URL (often a capability URL): shown to the webhook’s creator, whoever last set it, and admins; null to the team’s other members */
              url: string | null;
              events: string[];
              teamId: string | null;
              description: string | null;
              active: boolean;
              disabledReason: string | null;
              disabledAt: string | null;
              createdAt: string;
              updatedAt: string;
              /** @description whsec_…: shown once */
              secret: string;
            };
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @description The target URL (often a capability URL): shown to the webhook’s creator, whoever last set it, and admins; null to the team’s other members */
              url: string | null;
              events: string[];
              teamId: string | null;
              description: string | null;
              active: boolean;
              disabledReason: string | null;
              disabledAt: string | null;
              createdAt: string;
              updatedAt: string;
            };
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no body */
      204: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url?: string;
          events?: string[];
          description?: string | null;
          active?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @description The target URL (often a capability URL): shown to the webhook’s creator, whoever last set it, and admins; null to the team’s other members */
              url: string | null;
              events: string[];
              teamId: string | null;
              description: string | null;
              active: boolean;
              disabledReason: string | null;
              disabledAt: string | null;
              createdAt: string;
              updatedAt: string;
            };
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              secret: string;
              previousSecretExpiresAt: string;
            };
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict; or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        status?: 'pending' | 'succeeded' | 'failed' | 'skipped';
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              eventId: string;
              eventType: string;
              /** @enum {string} */
              status: 'pending' | 'succeeded' | 'failed' | 'skipped';
              attempts: number;
              lastResponseCode: number | null;
              lastError: string | null;
              lastAttemptAt: string | null;
              nextAttemptAt: string | null;
              createdAt: string;
            }[];
            meta: {
              total: number;
              page: number;
              perPage: number;
            };
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  redeliverWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      202: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              eventId: string;
              eventType: string;
              /** @enum {string} */
              status: 'pending' | 'succeeded' | 'failed' | 'skipped';
              attempts: number;
              lastResponseCode: number | null;
              lastError: string | null;
              lastAttemptAt: string | null;
              nextAttemptAt: string | null;
              createdAt: string;
            };
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description The caller may not do this (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict with the current state (`CONFLICT`; `details.rule` says which), or a quota reached (`QUOTA_EXCEEDED`; `details.limit` says how many); or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  listNotifications: {
    parameters: {
      query?: {
        /** @description Only unread notifications */
        unread?: boolean;
        limit?: number;
        /** @description `meta.nextCursor` of the previous page: the page after it, at any depth (use instead of `page`; with the same `sort`) */
        after?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Notification'][];
            meta: components['schemas']['PageMeta'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  markNotificationsRead: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: a repeat with the same key, method, path and body within 24 h gets the first status and body again (`Idempotent-Replayed: true`); the same key with another request is 422; a repeat while the first still runs is 409 with `Retry-After`. A reply that carried a raw API key or a webhook signing secret (`whsec_…`) is never stored, so its repeat is 409 and shows neither again. Keys are remembered per caller by the gateway instance that served them. */
        'Idempotency-Key'?: components['parameters']['Idempotency-Key'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MarkNotificationsReadInput'];
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['NotificationsMarked'];
          };
        };
      };
      /** @description Malformed request: a URL that does not decode, or JSON that does not parse, nests deeper than 64 levels or has `__proto__` keys */
      400: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Conflict; or a request with this Idempotency-Key is still running (with `Retry-After`), or already succeeded with a reply that held a key */
      409: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body over 1 MiB (`PAYLOAD_TOO_LARGE`) */
      413: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`) */
      415: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Invalid input (`VALIDATION_ERROR`); `details` names the field and the rule; or this Idempotency-Key was used with a different request */
      422: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ValidationFailure'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  countUnreadNotifications: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['UnreadCount'];
          };
        };
      };
      /** @description Missing, malformed, unknown or revoked API key; or an expired key (`error_description` says it expired) */
      401: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'WWW-Authenticate': components['headers']['WWW-Authenticate'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Forbidden (`FORBIDDEN`); or the key lacks the scope this operation needs (`details.requiredScope`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Rate limited (`RATE_LIMITED`); retry after `Retry-After` seconds */
      429: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description Server-side failure (`INTERNAL_ERROR`); never with a stack trace */
      500: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
      /** @description A service or its database is unavailable, or the service is at capacity; retry after `Retry-After` seconds */
      503: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiError'];
        };
      };
    };
  };
  taskCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'task.created';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description task id */
            id: unknown;
            /** @description the task owner */
            userId: unknown;
            /** @description the team the task is shared with, or null */
            teamId: unknown;
            /** @description `habit`, `daily` or `todo` */
            type: unknown;
            /** @description the task title */
            title: unknown;
            /** @description whether the task is archived */
            archived: unknown;
            /** @description the current streak */
            streak: unknown;
            /** @description who created it (user or agent id) */
            createdBy: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  taskUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'task.updated';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description task id */
            id: unknown;
            /** @description the task owner */
            userId: unknown;
            /** @description the team the task is shared with, or null */
            teamId: unknown;
            /** @description `habit`, `daily` or `todo` */
            type: unknown;
            /** @description the task title */
            title: unknown;
            /** @description whether the task is archived */
            archived: unknown;
            /** @description the current streak */
            streak: unknown;
            /** @description names of the changed fields */
            changed: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  taskArchivedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'task.archived';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description task id */
            id: unknown;
            /** @description the task owner */
            userId: unknown;
            /** @description the team the task is shared with, or null */
            teamId: unknown;
            /** @description `habit`, `daily` or `todo` */
            type: unknown;
            /** @description the task title */
            title: unknown;
            /** @description whether the task is archived */
            archived: unknown;
            /** @description the current streak */
            streak: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  taskCompletedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'task.completed';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description task id */
            id: unknown;
            /** @description the task owner */
            userId: unknown;
            /** @description the team the task is shared with, or null */
            teamId: unknown;
            /** @description `habit`, `daily` or `todo` */
            type: unknown;
            /** @description who completed it */
            completedBy: unknown;
            /** @description the completer's day, `YYYY-MM-DD` */
            day: unknown;
            /** @description the streak after completion */
            streak: unknown;
            /** @description XP awarded, streak bonus included */
            xpEarned: unknown;
            /** @description true for a negative habit's completion */
            slip: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  userLeveledUpEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'user.leveled_up';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description the user */
            userId: unknown;
            /** @description the new level */
            level: unknown;
            /** @description the level before */
            previousLevel: unknown;
            /** @description total XP */
            xp: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  projectCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'project.created';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description project id */
            id: unknown;
            /** @description the team */
            teamId: unknown;
            /** @description issue key prefix, e.g. `ENG` */
            key: unknown;
            /** @description the project name */
            name: unknown;
            /** @description the project slug */
            slug: unknown;
            /** @description the project status */
            status: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  projectUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'project.updated';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description project id */
            id: unknown;
            /** @description the team */
            teamId: unknown;
            /** @description issue key prefix, e.g. `ENG` */
            key: unknown;
            /** @description the project name */
            name: unknown;
            /** @description the project slug */
            slug: unknown;
            /** @description the project status */
            status: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  issueCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'issue.created';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description issue id */
            id: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description human key, e.g. `ENG-12` */
            identifier: unknown;
            /** @description the issue status after the change */
            status: unknown;
            /** @description rises with every change of the issue: order events by it */
            version: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  issueUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'issue.updated';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description issue id */
            id: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description human key, e.g. `ENG-12` */
            identifier: unknown;
            /** @description the issue status after the change */
            status: unknown;
            /** @description rises with every change of the issue: order events by it */
            version: unknown;
            /** @description names of the changed fields */
            changed: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  issueDeletedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'issue.deleted';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description issue id */
            id: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description human key, e.g. `ENG-12` */
            identifier: unknown;
            /** @description the issue status after the change */
            status: unknown;
            /** @description rises with every change of the issue: order events by it */
            version: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  commentCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'comment.created';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description comment id */
            id: unknown;
            /** @description the issue commented on */
            issueId: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description the author (user or agent id) */
            userId: unknown;
            /** @description ids of the users and agents mentioned */
            mentions: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  commentUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'comment.updated';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description comment id */
            id: unknown;
            /** @description the issue commented on */
            issueId: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description the author (user or agent id) */
            userId: unknown;
            /** @description ids of the users and agents mentioned */
            mentions: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  commentDeletedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'comment.deleted';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description comment id */
            id: unknown;
            /** @description the issue commented on */
            issueId: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description the author (user or agent id) */
            userId: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  blockerAddedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'blocker.added';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description blocker relation id */
            id: unknown;
            /** @description the blocked issue */
            issueId: unknown;
            /** @description the issue that blocks it */
            blockedById: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  blockerRemovedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'blocker.removed';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description blocker relation id */
            id: unknown;
            /** @description the blocked issue */
            issueId: unknown;
            /** @description the issue that blocks it */
            blockedById: unknown;
            /** @description the project */
            projectId: unknown;
            /** @description the project's team */
            teamId: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  membershipAddedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'membership.added';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description the team */
            teamId: unknown;
            /** @description the user who joined, left or changed role */
            userId: unknown;
            /** @description their role (`owner`, `admin`, `member`); on removal, the one they had */
            role: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  membershipRemovedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'membership.removed';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description the team */
            teamId: unknown;
            /** @description the user who joined, left or changed role */
            userId: unknown;
            /** @description their role (`owner`, `admin`, `member`); on removal, the one they had */
            role: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  membershipRoleChangedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'membership.role_changed';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description the team */
            teamId: unknown;
            /** @description the user who joined, left or changed role */
            userId: unknown;
            /** @description their role (`owner`, `admin`, `member`); on removal, the one they had */
            role: unknown;
            /** @description the role before */
            previousRole: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  agentCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'agent.created';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description agent id */
            id: unknown;
            /** @description the owning user */
            ownerId: unknown;
            /** @description the agent's team, or null */
            teamId: unknown;
            /** @description whether the agent may act */
            isActive: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  agentUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'agent.updated';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description agent id */
            id: unknown;
            /** @description the owning user */
            ownerId: unknown;
            /** @description the agent's team, or null */
            teamId: unknown;
            /** @description whether the agent may act */
            isActive: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  agentDeletedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'agent.deleted';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description agent id */
            id: unknown;
            /** @description the owning user */
            ownerId: unknown;
            /** @description the agent's team, or null */
            teamId: unknown;
            /** @description whether the agent may act */
            isActive: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  notificationCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event's id: the same on every retry and redelivery; deduplicate on it */
        'webhook-id': string;
        /** @description This attempt's time, Unix seconds */
        'webhook-timestamp': string;
        /** @description `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The event type
           * @constant
           */
          type: 'notification.created';
          /**
           * Format: date-time
           * @description When the event happened
           */
          timestamp: string;
          /** @description The fields listed here and nothing else */
          data: {
            /** @description whose inbox: `{type: "user", id}`, the subscriber */
            recipient: unknown;
            /** @description the notification exactly as `GET /api/notifications` lists it */
            notification: unknown;
            /** @description who caused it: `{type: "user"|"agent", id}`, or null for the system */
            actor: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx will do); answer within 10 s */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
