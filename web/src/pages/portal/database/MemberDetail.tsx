import { lazy, Suspense, useState } from 'react';
import { Button, Descriptions, Drawer, Space } from 'antd';
import { HistoryOutlined, IdcardOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import { MEMBER_FIELD_LABELS, MEMBER_KIND_LABELS, RESUME_PAGE_OF, type MemberKind } from '@gsl/contract';
import { useMemberDetail, type MemberRow } from '../../../api/member';
import { useCan } from '../../../components/Access';
import { detailFields, displayValue } from './kinds';
import { QueryBody } from './QueryBody';
import { modelUrl } from '../../../config';
import { followModelLink } from '../../../app/shell/links';

/** The member's AI 简历 and AI 画像 pages of the second front end (with the entry code when it is on another origin). */
const resumeHrefOf = (kind: MemberKind, id: string) => modelUrl(`/ai-resume-${RESUME_PAGE_OF[kind]}?unionId=${encodeURIComponent(id)}`);
const portraitHrefOf = (kind: MemberKind, id: string) => modelUrl(`/ai-properties-${RESUME_PAGE_OF[kind]}?unionId=${encodeURIComponent(id)}`);

/** 相关新闻 (舆情监测) of an enterprise or group member, loaded with the drawer's content. */
const MemberNews = lazy(() => import('../news/MemberNews'));

/** The person profile (人员库) drawer, loaded when first opened from a member person's detail. */
const PersonProfileDrawer = lazy(() => import('./personbase/PersonProfile').then((m) => ({ default: m.PersonProfileDrawer })));

/**
 * A member's detail (the server's detail call: personal data masked unless the user holds
 * 查看敏感信息), with the way to its 变更记录 and, for enterprises and groups, its 会员代表; a member
 * person the server links to a person-base record the user may see (personBaseId) opens that person
 * profile (查看人员档案). AI简历 opens the member's AI résumé in the second front end in a new tab.
 */
export function MemberDetailDrawer({
  kind,
  id,
  onClose,
  onHistory,
  onReps,
}: {
  kind: MemberKind;
  id: string | undefined;
  onClose: () => void;
  onHistory?: (row: MemberRow) => void;
  onReps?: (row: MemberRow) => void;
}) {
  const can = useCan();
  const detail = useMemberDetail(kind, id);
  const row = detail.data;
  // The profile opened from this member's detail (forgotten when another member, or none, is shown).
  const [profile, setProfile] = useState<{ memberId: string; personBaseId: string }>();
  const profileId = profile && profile.memberId === id ? profile.personBaseId : undefined;
  const personBaseId = kind === 'person' && typeof row?.personBaseId === 'string' ? row.personBaseId : undefined;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={() => {
        setProfile(undefined);
        onClose();
      }}
      size={760}
      title={`${MEMBER_KIND_LABELS[kind]}详情`}
      destroyOnHidden
      data-testid="member-detail"
    >
      <QueryBody query={detail}>
        {(row) => (
          <>
            <Space className="member-detail__actions">
              {onHistory && can('member_log') && (
                <Button icon={<HistoryOutlined />} onClick={() => onHistory(row)} data-testid="member-detail-history">
                  变更记录
                </Button>
              )}
              {personBaseId && (
                <Button icon={<IdcardOutlined />} onClick={() => setProfile({ memberId: row.id, personBaseId })} data-testid="member-detail-person-profile">
                  查看人员档案
                </Button>
              )}
              {onReps && kind !== 'person' && (
                <Button icon={<TeamOutlined />} onClick={() => onReps(row)} data-testid="member-detail-reps">
                  会员代表
                </Button>
              )}
              <Button
                icon={<RobotOutlined />}
                href={resumeHrefOf(kind, row.id)}
                onClick={(e) => followModelLink(e, resumeHrefOf(kind, row.id))}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="member-detail-ai-resume"
              >
                AI简历
              </Button>
              <Button
                icon={<RobotOutlined />}
                href={portraitHrefOf(kind, row.id)}
                onClick={(e) => followModelLink(e, portraitHrefOf(kind, row.id))}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="member-detail-ai-portrait"
              >
                AI画像
              </Button>
            </Space>
            <Descriptions
              bordered
              size="small"
              column={2}
              items={[
                ...detailFields(kind).map((field) => ({
                  key: field,
                  label: MEMBER_FIELD_LABELS[kind][field] ?? field,
                  children: displayValue(kind, row, field),
                  span: field === 'address' || field === 'remark' ? 2 : 1,
                })),
                { key: 'createTime', label: '创建时间', children: row.createTime ?? '-' },
                { key: 'updateTime', label: '更新时间', children: row.updateTime ?? '-' },
              ]}
            />
            {kind !== 'person' && can('portal_news') && (
              <Suspense fallback={null}>
                <MemberNews kind={kind} memberId={row.id} />
              </Suspense>
            )}
            {profileId && (
              <Suspense fallback={null}>
                <PersonProfileDrawer id={profileId} onClose={() => setProfile(undefined)} />
              </Suspense>
            )}
          </>
        )}
      </QueryBody>
    </Drawer>
  );
}
