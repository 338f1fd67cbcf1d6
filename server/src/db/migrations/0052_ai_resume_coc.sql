-- AI 简历 of a chamber (ai-resume-coc, README deviation 60): kind 'coc', member_id holding the chamber's
-- blade_dept id. The existing rows (enterprise, group, person) stay valid under the widened check.
ALTER TABLE ai_resume DROP CONSTRAINT ck_ai_resume_kind;
ALTER TABLE ai_resume ADD CONSTRAINT ck_ai_resume_kind CHECK (kind IN ('enterprise', 'group', 'person', 'coc'));
