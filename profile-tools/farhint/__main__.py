import sys

from farhint.cli import main

sys.exit(main())
