-- CreateTable
CREATE TABLE "org_sso" (
    "org_id" INTEGER NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "default_role" TEXT NOT NULL DEFAULT 'member',
    "role_claim" TEXT,
    "role_map" TEXT NOT NULL DEFAULT '{}',
    "require_sso" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "org_sso_pkey" PRIMARY KEY ("org_id")
);

-- CreateTable
CREATE TABLE "sso_identities" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_identities_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sso_identities_user_id_idx" ON "sso_identities"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "sso_identities_org_id_issuer_subject_key" ON "sso_identities"("org_id", "issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "sso_identities_org_id_user_id_key" ON "sso_identities"("org_id", "user_id");

-- AddForeignKey
ALTER TABLE "org_sso" ADD CONSTRAINT "org_sso_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

