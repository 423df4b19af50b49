// The fake-door features (spec 000 §3, 002 §3): features that do not exist yet, each shown as a
// placeholder page with its name, icon, what it will do and a link — environments and logging
// in the settings area, sharing as a tab of the credential dialog. One catalogue for both.
import { faFileLines, faServer, faShareNodes, type IconDefinition } from '@fortawesome/free-solid-svg-icons';

export type FakeDoorLocation = 'settings' | 'credentialsModal';

export interface FakeDoorFeature {
  id: 'environments' | 'logging' | 'sharing';
  featureName: string;
  icon: IconDefinition;
  /** What the feature will do, and what the user can do today. */
  infoText: string;
  /** Where to read about the feature (n8n's documentation: our workflows and nodes are n8n's). */
  linkURL: string;
  linkText: string;
  locations: FakeDoorLocation[];
}

export const FAKE_DOOR_FEATURES: readonly FakeDoorFeature[] = [
  {
    id: 'environments',
    featureName: 'Environments',
    icon: faServer,
    infoText:
      'Environments will let you keep separate development and production versions of your workflows and credentials, and push changes from one to the other through a Git repository. Today, export a workflow (Download) and import it on the other instance.',
    linkURL: 'https://docs.n8n.io/source-control-environments/',
    linkText: 'How environments work in n8n',
    locations: ['settings'],
  },
  {
    id: 'logging',
    featureName: 'Logging',
    icon: faFileLines,
    infoText:
      "Log streaming will send this instance's events — workflow runs, node runs, sign-ins, changes to workflows and credentials — to a syslog server, a webhook or Sentry as they happen. Today, the executions list and the server's own log (SWITCHYARD_LOG_LEVEL) show what ran.",
    linkURL: 'https://docs.n8n.io/log-streaming/',
    linkText: 'How log streaming works in n8n',
    locations: ['settings'],
  },
  {
    id: 'sharing',
    featureName: 'Sharing',
    icon: faShareNodes,
    infoText:
      "Today a credential is its owner's alone: only the user who created it can use it in workflows or change it. Sharing a credential with other users of this instance, without showing them its secrets, is planned.",
    linkURL: 'https://docs.n8n.io/credentials/credential-sharing/',
    linkText: 'How credential sharing works in n8n',
    locations: ['credentialsModal'],
  },
];

export function fakeDoor(id: string): FakeDoorFeature | undefined {
  return FAKE_DOOR_FEATURES.find((f) => f.id === id);
}

/** The features shown at a location, in catalogue order. */
export function fakeDoorsAt(location: FakeDoorLocation): FakeDoorFeature[] {
  return FAKE_DOOR_FEATURES.filter((f) => f.locations.includes(location));
}

export const comingSoonPath = (id: string) => `/settings/coming-soon/${id}`;
