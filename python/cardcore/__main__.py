"""``python -m cardcore``: the command line (see ``cardcore.cli``)."""

import sys

from cardcore.cli import main

if __name__ == "__main__":
    sys.exit(main())
