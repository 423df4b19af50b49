// Icon names used by node types and the editor ('fa:pen', n8n's spelling, Font Awesome 5
// names where n8n uses them) mapped to SVG path data from @fortawesome/free-solid-svg-icons.
// One table for both renderers: the canvas rasterises it into its texture atlas, the app
// draws the same paths as DOM <svg> icons. Named imports keep bundles to the icons listed.
import {
  faArrowLeft, faArrowPointer, faArrowRight, faArrowRotateLeft, faArrowRotateRight, faArrowsRotate,
  faBan, faBarsStaggered, faBolt, faCalculator, faCalendar, faCalendarDays, faCheck, faCircleCheck,
  faCirclePause, faClock, faClone, faCloud, faCode, faCodeBranch, faCodeMerge, faComment, faCompress,
  faCube, faDatabase, faEnvelope, faEquals, faExpand, faFile, faFileCode, faFilter, faFont, faGears,
  faGlobe, faHashtag, faHourglass, faKey, faLayerGroup, faLink, faList, faListOl, faMagnifyingGlass,
  faMagnifyingGlassMinus, faMagnifyingGlassPlus, faMinimize, faNoteSticky, faPaperPlane, faPause, faPen,
  faPenToSquare, faPlay, faPlus, faPowerOff, faQuestion, faRightFromBracket, faRightLeft,
  faRightToBracket, faServer, faShuffle, faSignsPost, faSitemap, faSort, faSpinner, faStop, faTable,
  faTag, faTerminal, faThumbtack, faTrash, faTriangleExclamation, faUser, faXmark,
  faRss, faListCheck, faImage, faDiagramProject,
  faFileExport, faFileImport, faFileZipper, faBug, faReply,
} from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';

export interface IconPath {
  /** viewBox width and height (Font Awesome uses a 512-high box). */
  width: number;
  height: number;
  /** SVG path data, drawable with Path2D or <path d>. */
  path: string;
}

function p(def: IconDefinition): IconPath {
  const [width, height, , , data] = def.icon;
  return { width, height, path: Array.isArray(data) ? data.join(' ') : data };
}

export const ICONS: Readonly<Record<string, IconPath>> = {
  'fa:arrow-left': p(faArrowLeft),
  'fa:arrow-right': p(faArrowRight),
  'fa:ban': p(faBan),
  'fa:bolt': p(faBolt),
  'fa:bug': p(faBug),
  'fa:calculator': p(faCalculator),
  'fa:calendar': p(faCalendar),
  'fa:calendar-alt': p(faCalendarDays),
  'fa:check': p(faCheck),
  'fa:check-circle': p(faCircleCheck),
  'fa:clock': p(faClock),
  'fa:clone': p(faClone),
  'fa:cloud': p(faCloud),
  'fa:code': p(faCode),
  'fa:code-branch': p(faCodeBranch),
  'fa:code-merge': p(faCodeMerge),
  'fa:cogs': p(faGears),
  'fa:comment': p(faComment),
  'fa:compress': p(faCompress),
  'fa:compress-arrows-alt': p(faMinimize),
  'fa:cube': p(faCube),
  'fa:database': p(faDatabase),
  'fa:edit': p(faPenToSquare),
  'fa:envelope': p(faEnvelope),
  'fa:equals': p(faEquals),
  'fa:exchange-alt': p(faRightLeft),
  'fa:exclamation-triangle': p(faTriangleExclamation),
  'fa:expand': p(faExpand),
  'fa:file': p(faFile),
  'fa:file-archive': p(faFileZipper),
  'fa:file-code': p(faFileCode),
  'fa:file-export': p(faFileExport),
  'fa:file-import': p(faFileImport),
  'fa:filter': p(faFilter),
  'fa:font': p(faFont),
  'fa:globe': p(faGlobe),
  'fa:hashtag': p(faHashtag),
  'fa:hourglass': p(faHourglass),
  'fa:image': p(faImage),
  'fa:key': p(faKey),
  'fa:layer-group': p(faLayerGroup),
  'fa:link': p(faLink),
  'fa:list': p(faList),
  'fa:list-ol': p(faListOl),
  'fa:map-signs': p(faSignsPost),
  'fa:mouse-pointer': p(faArrowPointer),
  'fa:paper-plane': p(faPaperPlane),
  'fa:pause': p(faPause),
  'fa:pause-circle': p(faCirclePause),
  'fa:pen': p(faPen),
  'fa:play': p(faPlay),
  'fa:plus': p(faPlus),
  'fa:power-off': p(faPowerOff),
  'fa:project-diagram': p(faDiagramProject),
  'fa:question': p(faQuestion),
  'fa:rss': p(faRss),
  'fa:random': p(faShuffle),
  'fa:redo': p(faArrowRotateRight),
  'fa:reply': p(faReply),
  'fa:search': p(faMagnifyingGlass),
  'fa:search-minus': p(faMagnifyingGlassMinus),
  'fa:search-plus': p(faMagnifyingGlassPlus),
  'fa:server': p(faServer),
  'fa:sign-in-alt': p(faRightToBracket),
  'fa:sign-out-alt': p(faRightFromBracket),
  'fa:sitemap': p(faSitemap),
  'fa:sort': p(faSort),
  'fa:spinner': p(faSpinner),
  'fa:stop': p(faStop),
  'fa:stream': p(faBarsStaggered),
  'fa:sticky-note': p(faNoteSticky),
  'fa:sync': p(faArrowsRotate),
  'fa:table': p(faTable),
  'fa:tag': p(faTag),
  'fa:tasks': p(faListCheck),
  'fa:terminal': p(faTerminal),
  'fa:thumbtack': p(faThumbtack),
  'fa:times': p(faXmark),
  'fa:trash': p(faTrash),
  'fa:undo': p(faArrowRotateLeft),
  'fa:user': p(faUser),
};

export function iconPath(name: string | undefined): IconPath | undefined {
  return name ? ICONS[name] : undefined;
}
