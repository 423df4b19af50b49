// Credentials of the database nodes, n8n's names and fields: 'postgres', 'mySql', 'redis'.
// SSH tunnel fields are kept so n8n credentials import, but a tunnel is refused with a clear
// error when used (the nodes connect directly).
import type { ICredentialType } from '../../model/credentialTypes.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';

const sshTunnel: INodeProperties[] = [
  {
    displayName: 'SSH Tunnel',
    name: 'sshTunnel',
    type: 'boolean',
    default: false,
    description: 'Not supported by Switchyard: the node connects to the database directly and fails with a clear error when this is on',
  },
  { displayName: 'SSH Authenticate with', name: 'sshAuthenticateWith', type: 'options', default: 'password', options: [{ name: 'Password', value: 'password' }, { name: 'Private Key', value: 'privateKey' }], displayOptions: { show: { sshTunnel: [true] } } },
  { displayName: 'SSH Host', name: 'sshHost', type: 'string', default: 'localhost', displayOptions: { show: { sshTunnel: [true] } } },
  { displayName: 'SSH Port', name: 'sshPort', type: 'number', default: 22, displayOptions: { show: { sshTunnel: [true] } } },
  { displayName: 'SSH Postgres Port', name: 'sshPostgresPort', type: 'number', default: 5432, displayOptions: { show: { sshTunnel: [true] } } },
  { displayName: 'SSH User', name: 'sshUser', type: 'string', default: 'root', displayOptions: { show: { sshTunnel: [true] } } },
  { displayName: 'SSH Password', name: 'sshPassword', type: 'string', typeOptions: { password: true }, default: '', displayOptions: { show: { sshTunnel: [true], sshAuthenticateWith: ['password'] } } },
  { displayName: 'Private Key', name: 'privateKey', type: 'string', typeOptions: { rows: 4, password: true }, default: '', displayOptions: { show: { sshTunnel: [true], sshAuthenticateWith: ['privateKey'] } } },
  { displayName: 'Passphrase', name: 'passphrase', type: 'string', typeOptions: { password: true }, default: '', displayOptions: { show: { sshTunnel: [true], sshAuthenticateWith: ['privateKey'] } } },
];

export const postgresCredential: ICredentialType = {
  name: 'postgres',
  displayName: 'Postgres',
  documentationUrl: 'postgres',
  icon: 'node:n8n-nodes-base.postgres',
  properties: [
    { displayName: 'Host', name: 'host', type: 'string', default: 'localhost' },
    { displayName: 'Database', name: 'database', type: 'string', default: 'postgres' },
    { displayName: 'User', name: 'user', type: 'string', default: 'postgres' },
    { displayName: 'Password', name: 'password', type: 'string', typeOptions: { password: true }, default: '' },
    { displayName: 'Maximum Number of Connections', name: 'maxConnections', type: 'number', default: 100, description: 'Make sure this value times the number of workers you have is lower than the maximum number of connections your postgres instance allows.' },
    { displayName: 'Ignore SSL Issues (Insecure)', name: 'allowUnauthorizedCerts', type: 'boolean', default: false, description: 'Whether to connect even if SSL certificate validation is not possible' },
    {
      displayName: 'SSL',
      name: 'ssl',
      type: 'options',
      displayOptions: { show: { allowUnauthorizedCerts: [false] } },
      options: [
        { name: 'Allow', value: 'allow' },
        { name: 'Disable', value: 'disable' },
        { name: 'Require', value: 'require' },
      ],
      default: 'disable',
    },
    { displayName: 'Port', name: 'port', type: 'number', default: 5432 },
    ...sshTunnel,
  ],
};

export const mySqlCredential: ICredentialType = {
  name: 'mySql',
  displayName: 'MySQL',
  documentationUrl: 'mySql',
  icon: 'node:n8n-nodes-base.mySql',
  properties: [
    { displayName: 'Host', name: 'host', type: 'string', default: 'localhost' },
    { displayName: 'Database', name: 'database', type: 'string', default: 'mysql' },
    { displayName: 'User', name: 'user', type: 'string', default: 'mysql' },
    { displayName: 'Password', name: 'password', type: 'string', typeOptions: { password: true }, default: '' },
    { displayName: 'Port', name: 'port', type: 'number', default: 3306 },
    { displayName: 'Connect Timeout', name: 'connectTimeout', type: 'number', default: 10000, description: 'The milliseconds before a timeout occurs during the initial connection to the MySQL server' },
    { displayName: 'Multiple Statements', name: 'multipleStatements', type: 'boolean', default: false, description: 'Allow multiple mysql statements per query. Be careful with this, it could increase the scope of SQL injection attacks.' },
    { displayName: 'SSL', name: 'ssl', type: 'boolean', default: false },
    { displayName: 'CA Certificate', name: 'caCertificate', typeOptions: { password: true }, displayOptions: { show: { ssl: [true] } }, type: 'string', default: '' },
    { displayName: 'Client Private Key', name: 'clientPrivateKey', typeOptions: { password: true }, displayOptions: { show: { ssl: [true] } }, type: 'string', default: '' },
    { displayName: 'Client Certificate', name: 'clientCertificate', typeOptions: { password: true }, displayOptions: { show: { ssl: [true] } }, type: 'string', default: '' },
    ...sshTunnel.map((p) => (p.name === 'sshPostgresPort' ? { ...p, displayName: 'SSH MySQL Port', name: 'sshMysqlPort', default: 3306 } : p)),
  ],
};

export const redisCredential: ICredentialType = {
  name: 'redis',
  displayName: 'Redis',
  documentationUrl: 'redis',
  icon: 'node:n8n-nodes-base.redis',
  properties: [
    { displayName: 'Password', name: 'password', type: 'string', typeOptions: { password: true }, default: '' },
    { displayName: 'User', name: 'user', type: 'string', default: '', hint: 'Leave blank for password-only auth' },
    { displayName: 'Host', name: 'host', type: 'string', default: 'localhost' },
    { displayName: 'Port', name: 'port', type: 'number', default: 6379 },
    { displayName: 'Database Number', name: 'database', type: 'number', default: 0 },
    { displayName: 'SSL', name: 'ssl', type: 'boolean', default: false },
    { displayName: 'Disable TLS Verification (insecure)', name: 'disableTlsVerification', type: 'boolean', displayOptions: { show: { ssl: [true] } }, default: false, description: 'Whether to disable TLS certificate verification. Enable this to use self-signed certificates.' },
  ],
};

export const DATABASE_CREDENTIAL_TYPES: readonly ICredentialType[] = [postgresCredential, mySqlCredential, redisCredential];
