/* kv-engine.h: the whole engine API in one include. */
#pragma once

#include "kv-error.h"
#include "kv-bits.h"
#include "kv-game.h"
#include "kv-model.h"
#include "kv-formula.h"
#include "kv-step.h"
#include "kv-action.h"
#include "kv-update.h"
#include "kv-check.h"
#include "kv-knowledge.h"
#include "kv-bisim.h"
#include "kv-script.h"
#include "kv-history.h"
