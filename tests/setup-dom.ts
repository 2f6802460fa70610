/**
 * Component tests wait for screens that load lazily (the form chunk, the dialogs): on a loaded
 * 2-core machine (CI, or several test runs at once) that can take longer than Testing Library's
 * 1 s default. The wait ends as soon as the element is there; only a failing wait is longer.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 8000 });
