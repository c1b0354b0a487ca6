-- Side effects already made by the job queue's jobs, by idempotency key: a job run twice sends once (jobs/boss.ts).
CREATE TABLE "job_effects" (
	"key" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
