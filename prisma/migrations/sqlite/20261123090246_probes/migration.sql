-- AlterTable
ALTER TABLE "services" ADD COLUMN "degraded_ms" INTEGER;
ALTER TABLE "services" ADD COLUMN "next_due_at" DATETIME;
ALTER TABLE "services" ADD COLUMN "status_since" DATETIME;

-- CreateTable
CREATE TABLE "probes" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "location" TEXT NOT NULL DEFAULT '',
    "token_hash" TEXT NOT NULL,
    "version" TEXT,
    "last_seen_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "probes_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "service_probes" (
    "service_id" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,

    PRIMARY KEY ("service_id", "probe_id"),
    CONSTRAINT "service_probes_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "service_probes_probe_id_fkey" FOREIGN KEY ("probe_id") REFERENCES "probes" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "service_probe_states" (
    "service_id" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "response_time_ms" REAL NOT NULL,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "at" DATETIME NOT NULL,

    PRIMARY KEY ("service_id", "probe_id"),
    CONSTRAINT "service_probe_states_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "service_probe_states_probe_id_fkey" FOREIGN KEY ("probe_id") REFERENCES "probes" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "check_leases" (
    "service_id" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,
    "due_at" DATETIME NOT NULL,
    "leased_until" DATETIME NOT NULL,
    "completed_at" DATETIME,

    PRIMARY KEY ("service_id", "slot")
);

-- CreateTable
CREATE TABLE "check_results" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "service_id" INTEGER NOT NULL,
    "probe_id" INTEGER NOT NULL,
    "slot" INTEGER,
    "started_at" DATETIME NOT NULL,
    "up" BOOLEAN NOT NULL,
    "reason" TEXT,
    "status_code" INTEGER,
    "response_time_ms" REAL NOT NULL,
    "dns_ms" REAL,
    "connect_ms" REAL,
    "tls_ms" REAL,
    "first_byte_ms" REAL,
    "certificate_days_left" INTEGER
);

-- CreateTable
CREATE TABLE "check_rollups" (
    "service_id" INTEGER NOT NULL,
    "hour" DATETIME NOT NULL,
    "total" INTEGER NOT NULL,
    "successful" INTEGER NOT NULL,
    "response_sum_ms" REAL NOT NULL,
    "response_max_ms" REAL NOT NULL,

    PRIMARY KEY ("service_id", "hour")
);

-- CreateIndex
CREATE UNIQUE INDEX "probes_token_hash_key" ON "probes"("token_hash");

-- CreateIndex
CREATE INDEX "probes_org_id_idx" ON "probes"("org_id");

-- CreateIndex
CREATE INDEX "service_probes_probe_id_idx" ON "service_probes"("probe_id");

-- CreateIndex
CREATE INDEX "check_leases_leased_until_idx" ON "check_leases"("leased_until");

-- CreateIndex
CREATE INDEX "check_results_service_id_started_at_idx" ON "check_results"("service_id", "started_at");

-- CreateIndex
CREATE INDEX "check_results_started_at_idx" ON "check_results"("started_at");

-- CreateIndex
CREATE UNIQUE INDEX "check_results_service_id_slot_key" ON "check_results"("service_id", "slot");

-- CreateIndex
CREATE INDEX "services_next_due_at_idx" ON "services"("next_due_at");

