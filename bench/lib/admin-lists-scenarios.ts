// The list pages the admin-lists bench measures, and as whom.
import type { TBulkCounts } from './admin-bulk-load.ts';

export const DOMAIN_ADMIN = 'domain.admin';
export const SUPER_ADMIN = 'super.admin';

type TAs = 'domainAdmin' | 'superAdmin';

export type TScenario = {
  name: string;
  path: string;
  query: Record<string, string | number>;
  as?: TAs;
  /** Deep offsets are reported apart and have no budget (see bench/README.md). */
  deep?: boolean;
  /** The answer's total must be this (or, for a function, satisfy it). */
  total: (counts: TBulkCounts & { liveUsers: number }) => number | ((total: number) => boolean);
};

const filters = (value: Record<string, unknown>) => JSON.stringify(value);
const someRows = () => (total: number) => total > 0;

export const SCENARIOS: TScenario[] = [
  {
    name: 'users: page 1, default sort (userid)',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: page 1 of 100 rows',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 100 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: sorted by name asc',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, sortField: 'name', sortOrder: 1 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: sorted by name desc',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, sortField: 'name', sortOrder: -1 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: sorted by e-mail',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, sortField: 'email', sortOrder: 1 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: userid contains "garcia"',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ userid: 'garcia' }) },
    total: someRows,
  },
  {
    name: 'users: name contains "lópez"',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ name: 'lópez' }) },
    total: someRows,
  },
  {
    name: 'users: userid contains "4711" (rare)',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ userid: '4711' }) },
    total: someRows,
  },
  {
    name: 'users: blocked',
    path: 'administration/users/read',
    query: { first: 0, pageSize: 10, filters: filters({ blocked: true }) },
    total: (c) => c.blockedUsers,
  },
  {
    name: 'users: middle page (first=5,000)',
    path: 'administration/users/read',
    query: { first: 5_000, pageSize: 10 },
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: deep page (first=50,000)',
    path: 'administration/users/read',
    query: { first: 50_000, pageSize: 10 },
    deep: true,
    total: (c) => c.liveUsers,
  },
  {
    name: 'users: deep page (first=50,000) by name desc',
    path: 'administration/users/read',
    query: { first: 50_000, pageSize: 10, sortField: 'name', sortOrder: -1 },
    deep: true,
    total: (c) => c.liveUsers,
  },
  {
    name: 'companies: page 1, default sort (name)',
    path: 'administration/companies/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.companies,
  },
  {
    name: 'companies: sorted by name desc',
    path: 'administration/companies/read',
    query: { first: 0, pageSize: 10, sortField: 'name', sortOrder: -1 },
    total: (c) => c.companies,
  },
  {
    name: 'companies: tax id contains "B12"',
    path: 'administration/companies/read',
    query: { first: 0, pageSize: 10, filters: filters({ taxId: 'B12' }) },
    total: someRows,
  },
  {
    name: 'groups: page 1, default sort (name)',
    path: 'administration/groups/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.groups,
  },
  {
    name: 'certificates: page 1, default sort (name)',
    path: 'administration/certificates/read',
    query: { first: 0, pageSize: 10 },
    total: (c) => c.certificates,
  },
  {
    name: 'domains: page 1 (super admin, every domain)',
    path: 'administration/domains/read',
    query: { first: 0, pageSize: 10 },
    as: 'superAdmin',
    total: (c) => c.domains,
  },
];
