/** The drawing of each tag icon name (schema/rules/tagIcons.ts), from @mui/icons-material. */
import Apartment from '@mui/icons-material/Apartment';
import Archive from '@mui/icons-material/Archive';
import Badge from '@mui/icons-material/Badge';
import Bolt from '@mui/icons-material/Bolt';
import Cloud from '@mui/icons-material/Cloud';
import Code from '@mui/icons-material/Code';
import Description from '@mui/icons-material/Description';
import Diversity3 from '@mui/icons-material/Diversity3';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Engineering from '@mui/icons-material/Engineering';
import Favorite from '@mui/icons-material/Favorite';
import Flight from '@mui/icons-material/Flight';
import Groups from '@mui/icons-material/Groups';
import Handshake from '@mui/icons-material/Handshake';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import Home from '@mui/icons-material/Home';
import Insights from '@mui/icons-material/Insights';
import Language from '@mui/icons-material/Language';
import Lightbulb from '@mui/icons-material/Lightbulb';
import Palette from '@mui/icons-material/Palette';
import Payments from '@mui/icons-material/Payments';
import Psychology from '@mui/icons-material/Psychology';
import Public from '@mui/icons-material/Public';
import RecordVoiceOver from '@mui/icons-material/RecordVoiceOver';
import Replay from '@mui/icons-material/Replay';
import RocketLaunch from '@mui/icons-material/RocketLaunch';
import Schedule from '@mui/icons-material/Schedule';
import School from '@mui/icons-material/School';
import Science from '@mui/icons-material/Science';
import Share from '@mui/icons-material/Share';
import Shield from '@mui/icons-material/Shield';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Star from '@mui/icons-material/Star';
import Translate from '@mui/icons-material/Translate';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Verified from '@mui/icons-material/Verified';
import Whatshot from '@mui/icons-material/Whatshot';
import Work from '@mui/icons-material/Work';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import type { TagIcon } from '../../schema/rules/tagIcons';

export const TAG_ICON_COMPONENTS: Record<TagIcon, typeof Star> = {
  star: Star,
  verified: Verified,
  whatshot: Whatshot,
  bolt: Bolt,
  rocket: RocketLaunch,
  emoji_events: EmojiEvents,
  trending_up: TrendingUp,
  lightbulb: Lightbulb,
  psychology: Psychology,
  insights: Insights,
  groups: Groups,
  handshake: Handshake,
  diversity: Diversity3,
  share: Share,
  record: RecordVoiceOver,
  translate: Translate,
  language: Language,
  public: Public,
  flight: Flight,
  home: Home,
  apartment: Apartment,
  work: Work,
  workspace: WorkspacePremium,
  engineering: Engineering,
  code: Code,
  cloud: Cloud,
  science: Science,
  health: HealthAndSafety,
  payments: Payments,
  shopping: ShoppingCart,
  palette: Palette,
  shield: Shield,
  badge: Badge,
  school: School,
  description: Description,
  schedule: Schedule,
  replay: Replay,
  favorite: Favorite,
  archive: Archive,
};
