import { useState } from 'react';
import { Empty, Segmented, Tag } from 'antd';
import { EXPERIENCE_KINDS, HONOUR_FIELDS, INVESTMENT_FIELDS, PERSON_EXPERIENCE_FIELDS, PERSON_FIELDS, type LeaderPostView } from '@gsl/contract';
import { LeaderPosts } from '../../../association/OrgLeadership';
import type { Membership, ProfileRow } from '../../../../api/profile';
import { optionsOf } from '../kinds';
import { SectionTable } from '../profileKit/fieldKit';
import { ProfileDrawer, sectionTab } from '../profileKit/ProfileDrawer';
import '../database.css';
import '../profileKit/profile.css';

/** The person's basic info in the form's and the profile's order (specification §3 "Person profile"). */
export const PERSON_FORM_NAMES = [
  'name',
  'certType',
  'certNo',
  'gender',
  'birthDate',
  'nationality',
  'nativePlace',
  'politics',
  'education',
  'degree',
  'phone',
  'company',
  'post',
  'domicileAddress',
  'homeAddress',
  'photo',
  'visibility',
  'remark',
];

const KIND_FILTERS = [{ value: 0, label: '全部' }, ...optionsOf(EXPERIENCE_KINDS)];
const STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'default' };

/** 履历: work, study and military experience, one table with a filter by kind. */
function Experience({ personId }: { personId: string }) {
  const [kind, setKind] = useState(0);
  return (
    <>
      <Segmented className="profile-filter" options={KIND_FILTERS} value={kind} onChange={(v) => setKind(Number(v))} data-testid="person-experience-kind" />
      <SectionTable
        kind="person"
        section="experience"
        parentId={personId}
        fields={PERSON_EXPERIENCE_FIELDS}
        columns={[
          ['kind', 100],
          ['startDate', 110],
          ['endDate', 110],
          ['orgName', 220],
          ['title', 140],
          ['detail', 220],
        ]}
        testId="person-experience"
        addValues={() => (kind ? { kind } : {})}
        filters={kind ? { kind } : undefined}
      />
    </>
  );
}

/**
 * 会员身份: the person's member records (个人会员 with the same certificate, inside the user's member
 * data scope) and the enterprises and groups each represents (会员代表), as the detail call answers
 * them. Nothing when the server gives none (`memberships` null: the user has no 个人会员 menu).
 */
export function Memberships({ memberships }: { memberships: Membership[] | null | undefined }) {
  if (memberships === null || memberships === undefined) return null;
  return (
    <section className="profile-memberships" data-testid="person-memberships">
      <h4 className="profile-memberships__title">会员身份</h4>
      {memberships.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无会员身份" data-testid="person-memberships-empty" />
      ) : (
        <ul className="profile-memberships__list">
          {memberships.map((m) => (
            <li key={m.id} data-testid="person-membership">
              <div>
                <b>个人会员</b>：{m.name}　<span className="profile-muted">{m.deptName ?? '-'}</span>{' '}
                {m.statusName && <Tag color={STATUS_COLORS[m.status] ?? 'default'}>{m.statusName}</Tag>}
              </div>
              {m.representatives.length > 0 && (
                <ul className="profile-memberships__reps">
                  {m.representatives.map((r) => (
                    <li key={r.id} data-testid="person-membership-rep">
                      {r.memberKindName}代表：{r.memberName}
                      {r.title ? `（${r.title}）` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A person's profile (人员档案) in a drawer: 基本信息 with the person's 会员身份, 履历, 投资, 荣誉 and
 * 变更记录. Opened from the 人员库 list and from a member person's detail (查看人员档案).
 */
export function PersonProfileDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  return (
    <ProfileDrawer
      kind="person"
      id={id}
      title="人员档案"
      fields={PERSON_FIELDS}
      names={PERSON_FORM_NAMES}
      onClose={onClose}
      testId="person-profile"
      basicExtra={(row: ProfileRow) => (
        <>
          <Memberships memberships={row.memberships as Membership[] | null | undefined} />
          <LeaderPosts posts={row.leaderPosts as LeaderPostView[] | null | undefined} />
        </>
      )}
      tabs={[
        { key: 'experience', label: '履历', render: (row) => <Experience personId={row.id} /> },
        sectionTab('person', 'investment', '投资', INVESTMENT_FIELDS, [
          ['enterpriseName', 220],
          ['creditCode', 190],
          ['amount', 130],
          ['ratio', 110],
          ['investDate', 110],
          ['remark', 160],
        ]),
        sectionTab('person', 'honour', '荣誉', HONOUR_FIELDS, [
          ['name', 220],
          ['grantor', 180],
          ['honourDate', 110],
          ['level', 100],
          ['remark', 160],
        ]),
      ]}
    />
  );
}
